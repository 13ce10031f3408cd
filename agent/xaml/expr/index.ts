export { Expr, ExpressionError, type Lang, type Node } from './ast';
export { parseVb } from './parseVb';
export { parseCs } from './parseCs';
export { evaluate } from './evaluate';
export { assign } from './assign';
export { NOT_FOUND, ParamScope, Variables, type Scope } from './scope';
