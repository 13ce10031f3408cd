import { describe, expect, it } from 'vitest';
import { WorkflowFailure } from '../../../../agent/xaml/runner';
import { loadError, project, runBody, xaml } from './helpers';

/** A CompensableActivity writing `name` in its Body and each handler, its token into `token`. */
const compensable = (
  name: string,
  token = '',
  inner = '',
) => `<CompensableActivity DisplayName="${name}"${token ? ` Result="[${token}]"` : ''}>
  <CompensableActivity.Body><Sequence><WriteLine Text="${name}: body" />${inner}</Sequence></CompensableActivity.Body>
  <CompensableActivity.CompensationHandler><WriteLine Text="${name}: compensated" /></CompensableActivity.CompensationHandler>
  <CompensableActivity.ConfirmationHandler><WriteLine Text="${name}: confirmed" /></CompensableActivity.ConfirmationHandler>
  <CompensableActivity.CancellationHandler><WriteLine Text="${name}: canceled" /></CompensableActivity.CancellationHandler>
</CompensableActivity>`;

const TOKENS = `<Sequence.Variables>
  <Variable x:TypeArguments="CompensationToken" Name="t1" />
  <Variable x:TypeArguments="CompensationToken" Name="t2" />
  <Variable x:TypeArguments="CompensationToken" Name="t3" />
</Sequence.Variables>`;

describe('XAML runner: CompensableActivity, Compensate and Confirm (WF4 compensation)', () => {
  it('confirms a completed compensable activity when the workflow completes', async () => {
    const r = await runBody(
      `<Sequence>${compensable('ReserveFlight')}<WriteLine Text="ManagerApproval" /><WriteLine Text="PurchaseFlight" /></Sequence>`,
    );
    expect(r.lines).toEqual([
      'Info: ReserveFlight: body',
      'Info: ManagerApproval',
      'Info: PurchaseFlight',
      'Info: ReserveFlight: confirmed',
    ]);
  });

  it('compensates it, then fails, when the workflow faults after it completed', async () => {
    const lines: string[] = [];
    const run = runBody(
      `<Sequence>${compensable('ReserveFlight')}<WriteLine Text="ManagerApproval" />
  <Throw Exception="[New ApplicationException(&quot;Simulated error condition in the workflow.&quot;)]" /><WriteLine Text="PurchaseFlight" /></Sequence>`,
      { lines },
    );
    await expect(run).rejects.toBeInstanceOf(WorkflowFailure);
    await expect(run).rejects.toMatchObject({
      exceptionType: 'ApplicationException',
      message: 'Simulated error condition in the workflow.',
    });
    expect(lines).toEqual(['Info: ReserveFlight: body', 'Info: ManagerApproval', 'Info: ReserveFlight: compensated']);
  });

  it('confirms and compensates by default last completed first', async () => {
    const ok = await runBody(`<Sequence>${compensable('one')}${compensable('two')}</Sequence>`);
    expect(ok.lines).toEqual(['Info: one: body', 'Info: two: body', 'Info: two: confirmed', 'Info: one: confirmed']);
    const lines: string[] = [];
    await runBody(
      `<Sequence>${compensable('one')}${compensable('two')}<Throw Exception="[New InvalidOperationException(&quot;x&quot;)]" /></Sequence>`,
      {
        lines,
      },
    ).catch(() => undefined);
    expect(lines).toEqual(['Info: one: body', 'Info: two: body', 'Info: two: compensated', 'Info: one: compensated']);
  });

  it('settles an explicitly confirmed or compensated one once: the default skips it', async () => {
    const confirmed = await runBody(
      `<Sequence>${TOKENS}${compensable('one', 't1')}${compensable('two', 't2')}<Confirm Target="[t1]" /><WriteLine Text="end" /></Sequence>`,
    );
    expect(confirmed.lines).toEqual([
      'Info: one: body',
      'Info: two: body',
      'Info: one: confirmed',
      'Info: end',
      'Info: two: confirmed',
    ]);
    const compensated = await runBody(
      `<Sequence>${TOKENS}${compensable('one', 't1')}${compensable('two', 't2')}<Compensate><Compensate.Target><InArgument x:TypeArguments="CompensationToken">[t1]</InArgument></Compensate.Target></Compensate><WriteLine Text="end" /></Sequence>`,
    );
    expect(compensated.lines).toEqual([
      'Info: one: body',
      'Info: two: body',
      'Info: one: compensated',
      'Info: end',
      'Info: two: confirmed',
    ]);
  });

  it('lets a parent ConfirmationHandler order its children; the rest follow by default', async () => {
    const r = await runBody(`<Sequence>${TOKENS}
  <CompensableActivity DisplayName="root">
    <CompensableActivity.Body><Sequence>${compensable('first', 't1')}${compensable('second', 't2')}${compensable('third', 't3')}</Sequence></CompensableActivity.Body>
    <CompensableActivity.ConfirmationHandler><Sequence><Confirm Target="[t1]" /><Confirm Target="[t2]" /></Sequence></CompensableActivity.ConfirmationHandler>
  </CompensableActivity>
</Sequence>`);
    expect(r.lines).toEqual([
      'Info: first: body',
      'Info: second: body',
      'Info: third: body',
      'Info: first: confirmed',
      'Info: second: confirmed',
      'Info: third: confirmed',
    ]);
  });

  it('runs the CancellationHandler when an exception leaves the Body, and compensates what the Body completed', async () => {
    const r = await runBody(`<TryCatch>
  <TryCatch.Try>
    <CompensableActivity DisplayName="outer">
      <CompensableActivity.Body><Sequence>${compensable('inner')}<Throw Exception="[New InvalidOperationException(&quot;stop&quot;)]" /></Sequence></CompensableActivity.Body>
      <CompensableActivity.CancellationHandler><WriteLine Text="outer: canceled" /></CompensableActivity.CancellationHandler>
    </CompensableActivity>
  </TryCatch.Try>
  <TryCatch.Catches><Catch x:TypeArguments="s:InvalidOperationException"><ActivityAction x:TypeArguments="s:InvalidOperationException"><ActivityAction.Argument><DelegateInArgument x:TypeArguments="s:InvalidOperationException" Name="ex" /></ActivityAction.Argument>
    <WriteLine Text="[&quot;caught &quot; + ex.Message]" /></ActivityAction></Catch></TryCatch.Catches>
</TryCatch>`);
    expect(r.lines).toEqual([
      'Info: inner: body',
      'Info: outer: canceled',
      'Info: inner: compensated',
      'Info: caught stop',
    ]);
  });

  it('lets Compensate without Target, in a handler, compensate the children there', async () => {
    const lines: string[] = [];
    await runBody(
      `<Sequence>
  <CompensableActivity DisplayName="parent">
    <CompensableActivity.Body><Sequence>${compensable('a')}${compensable('b')}</Sequence></CompensableActivity.Body>
    <CompensableActivity.CompensationHandler><Sequence><WriteLine Text="parent: compensating" /><Compensate /></Sequence></CompensableActivity.CompensationHandler>
  </CompensableActivity>
  <Throw Exception="[New ApplicationException(&quot;late&quot;)]" />
</Sequence>`,
      { lines },
    ).catch(() => undefined);
    expect(lines).toEqual([
      'Info: a: body',
      'Info: b: body',
      'Info: parent: compensating',
      'Info: b: compensated',
      'Info: a: compensated',
    ]);
  });

  it('refuses Compensate and Confirm without Target outside a handler', () => {
    expect(loadError(project({ 'Main.xaml': xaml('<Sequence><Confirm /></Sequence>') }))).toBe(
      'Activity Confirm (Main.xaml line 36): Target is required outside the handlers of a CompensableActivity',
    );
  });
});

describe('XAML runner: TransactionScope', () => {
  it('runs its Body as a scope; what the Body did before it failed stays done', async () => {
    const r = await runBody(`<Sequence>
  <Sequence.Variables><Variable x:TypeArguments="x:Int32" Name="n" /></Sequence.Variables>
  <TransactionScope IsolationLevel="Serializable" Timeout="00:01:00"><Sequence><Assign x:TypeArguments="x:Int32" To="[n]" Value="1" /><WriteLine Text="in scope" /></Sequence></TransactionScope>
  <TryCatch><TryCatch.Try>
    <TransactionScope><TransactionScope.Body><Sequence><Assign x:TypeArguments="x:Int32" To="[n]" Value="2" /><Throw Exception="[New InvalidOperationException(&quot;abort&quot;)]" /></Sequence></TransactionScope.Body></TransactionScope>
  </TryCatch.Try>
  <TryCatch.Catches><Catch x:TypeArguments="s:Exception"><ActivityAction x:TypeArguments="s:Exception"><WriteLine Text="[&quot;n = &quot; + n.ToString]" /></ActivityAction></Catch></TryCatch.Catches></TryCatch>
</Sequence>`);
    expect(r.lines).toEqual(['Info: in scope', 'Info: n = 2']);
  });
});
