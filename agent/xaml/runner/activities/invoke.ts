import type { Value } from '../../dotnet/values';
import type { Factory, Getter, Setter } from '../compiler';
import { exec } from '../engine';
import type { Frame } from '../frame';
import { enterFile } from '../invocation';
import { NS } from '../ns';
import { attr, type XNode } from '../xml';

/**
 * ui:InvokeWorkflowFile: the file named by WorkflowFileName (relative to the project folder,
 * loaded with the invoking workflow), with In and InOut values passed by x:Key and Out and
 * InOut values written back when it completes.
 */
export const invokeWorkflowFile: Factory = (node, c) => {
  const name = attr(node, 'WorkflowFileName') ?? c.fail(node, 'WorkflowFileName is required');
  if (name.trim().startsWith('['))
    c.fail(node, 'a WorkflowFileName computed at run time is not supported by this agent');
  const target = c.host.invoke(name, c.where(node));
  const ins: { key: string; get: Getter }[] = [];
  const outs: { key: string; set: Setter }[] = [];
  const visit = (n: XNode) => {
    for (const el of n.children) {
      const key = attr(el, 'Key', NS.x);
      if (key === undefined || !/^(In|Out|InOut)Argument$/.test(el.name)) {
        visit(el);
        continue;
      }
      // An argument row left empty in the designer passes nothing: the invoked default applies.
      if (!el.children.length && el.text === '') continue;
      const declared = target.args.find((a) => a.name === key) ?? c.fail(node, `${name} has no argument '${key}'`);
      const type = attr(el, 'TypeArguments', NS.x) ?? declared.type;
      if (el.name !== 'OutArgument') ins.push({ key, get: c.valueElement(el, type, node) });
      if (el.name !== 'InArgument') outs.push({ key, set: c.referenceElement(el, type, node) });
    }
  };
  const args = c.propElement(node, 'Arguments');
  if (args) visit(args);
  const writeBack = (scope: Frame, inner: Frame) => {
    for (const o of outs) o.set(scope, inner.get(o.key, false) as Value);
  };
  return {
    display: c.display(node),
    run(rt, scope) {
      const inputs = new Map<string, Value>();
      for (const i of ins) inputs.set(i.key, i.get(scope));
      const inner = enterFile(target, scope.host, inputs, scope);
      const body = target.body;
      const p = body ? exec(body, rt, inner) : undefined;
      if (p) return p.then(() => writeBack(scope, inner));
      writeBack(scope, inner);
    },
  };
};
