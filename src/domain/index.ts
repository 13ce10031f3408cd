export * from './messages';
export * from './validation';
export * from './constants';
export * from './status';
export * from './roles';
export * from './permissions';
export * from './session';
export * from './menu';
