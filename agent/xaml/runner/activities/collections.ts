import { typeNamed, callMember } from '../../expr/access';
import { fail, NetException } from '../../dotnet/exceptions';
import { TypeRef, type Value } from '../../dotnet/values';
import { WorkflowFailure } from '../api';
import type { Compiler, Factory, Getter } from '../compiler';
import { markupExtension } from '../markup';
import { NS } from '../ns';
import { attr, type XNode } from '../xml';

/** A collection activity's member call on its Collection, with its Result bound when asked. */
function collectionCall(method: string, withItem: boolean): Factory {
  return (node, c) => {
    const type = attr(node, 'TypeArguments', NS.x) ?? 'x:Object';
    const collection = c.required(node, 'Collection', 'x:Object');
    const item = withItem ? c.required(node, 'Item', type) : null;
    const result = c.reference(node, 'Result', 'x:Boolean');
    return {
      display: c.display(node),
      run(_rt, scope) {
        const target = collection(scope);
        if (target === null) fail('ArgumentNullException', "Value cannot be null. (Parameter 'Collection')");
        const r = callMember(target, method, method.toLowerCase(), item ? [item(scope)] : [], true, scope.host);
        if (result) result(scope, r);
      },
    };
  };
}

/** AddToCollection<T>, RemoveFromCollection<T> (Result: removed), ClearCollection<T>, ExistsInCollection<T>. */
export const addToCollection = collectionCall('Add', true);
export const removeFromCollection = collectionCall('Remove', true);
export const clearCollection = collectionCall('Clear', false);
export const existsInCollection = collectionCall('Contains', true);

/** The InArgument elements of InvokeMethod's Parameters, in order. */
function parameters(node: XNode, c: Compiler): Getter[] {
  // Parameters is InvokeMethod's content property: written as `<InvokeMethod.Parameters>` or directly.
  const el = c.propElement(node, 'Parameters');
  const list = el ? el.children : node.children.filter((ch) => !ch.name.includes('.'));
  return list.map((p) => c.valueElement(p, attr(p, 'TypeArguments', NS.x) ?? 'x:Object', node));
}

/** InvokeMethod: MethodName on TargetObject (or on TargetType's statics) with Parameters; Result bound. */
export const invokeMethod: Factory = (node, c) => {
  const name = attr(node, 'MethodName') ?? c.fail(node, 'MethodName is required');
  const target = c.value(node, 'TargetObject', 'x:Object');
  // TargetType is written `s:Math` or `{x:Type s:Math}`; `{x:Null}` leaves it unset.
  const written = attr(node, 'TargetType');
  const ext = written === undefined ? null : markupExtension(written);
  const typeName = ext ? (ext.name === 'Type' ? ext.arg : undefined) : written;
  const type = typeName
    ? typeNamed(typeName.replace(/^\w+:/, ''), typeName.replace(/^\w+:/, '').toLowerCase(), true)
    : null;
  if (!target && !type) c.fail(node, `TargetObject or a known TargetType is required`);
  const args = parameters(node, c);
  const result = c.reference(node, 'Result', 'x:Object');
  return {
    display: c.display(node),
    run(_rt, scope) {
      const t: Value = target ? target(scope) : (type as TypeRef);
      const r = callMember(
        t,
        name,
        name.toLowerCase(),
        args.map((a) => a(scope)),
        true,
        scope.host,
      );
      if (result) result(scope, r);
    },
  };
};

/** TerminateWorkflow: ends the run as failed with Exception, or Reason; no TryCatch stops it. */
export const terminateWorkflow: Factory = (node, c) => {
  const exception = c.value(node, 'Exception', 'x:Object');
  const reason = c.value(node, 'Reason', 'x:String');
  return {
    display: c.display(node),
    run(_rt, scope) {
      const e = exception ? exception(scope) : null;
      if (e instanceof NetException) throw new WorkflowFailure(e.type, e.message);
      const text = reason ? reason(scope) : null;
      throw new WorkflowFailure(
        'WorkflowTerminatedException',
        typeof text === 'string' ? text : 'The workflow was terminated.',
      );
    },
  };
};
