import { describe, expect, it } from 'vitest';
import { WorkflowCanceled, WorkflowFailure } from '../../../../agent/xaml/runner';
import { loadError, project, runBody, xaml } from './helpers';

/**
 * WF4's Pick: every branch's Trigger runs; the first to complete wins, the other Triggers are
 * canceled, and the winner's Action runs (learn.microsoft.com's Pick activity page).
 */
const branch = (name: string, trigger: string, action: string, vars = '') => `
      <PickBranch DisplayName="${name}">
        ${vars ? `<PickBranch.Variables>${vars}</PickBranch.Variables>` : ''}
        <PickBranch.Trigger>${trigger}</PickBranch.Trigger>
        ${action}
      </PickBranch>`;

const delay = (d: string) => `<Delay Duration="${d}" />`;
const line = (t: string) => `<WriteLine Text="${t}" />`;

describe('Pick', () => {
  it('runs the Action of the Trigger that completes first; the other Trigger is canceled, not waited for', async () => {
    const ran = await runBody(`<Sequence>
      <Pick>
        ${branch('Answer', delay('00:00:10'), line('answered'))}
        ${branch('Timeout', delay('00:00:00.05'), line('timed out'))}
      </Pick>
      ${line('after the pick')}
    </Sequence>`);
    // The ten-second Delay would outlast the test's time limit had it been waited for.
    expect(ran.lines).toEqual(['Info: timed out', 'Info: after the pick']);
  });

  it('lets a losing Trigger keep what it did before it was canceled, and stops the rest of it', async () => {
    const lines: string[] = [];
    await runBody(
      `<Sequence>
      <Pick>
        ${branch('Slow', `<Sequence>${line('slow trigger started')}${delay('00:00:00.15')}${line('slow trigger done')}</Sequence>`, line('slow action'))}
        ${branch('Fast', delay('00:00:00.02'), line('fast action'))}
      </Pick>
    </Sequence>`,
      { lines },
    );
    // Past the moment the slow Trigger would have gone on, had it not been canceled.
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(lines).toEqual(['Info: slow trigger started', 'Info: fast action']);
  });

  it('gives the branch Variables to both its Trigger and its Action, and takes Branches written as a property', async () => {
    const ran = await runBody(`<Pick>
      <Pick.Branches>
        ${branch(
          'Only',
          `<Assign><Assign.To><OutArgument x:TypeArguments="x:String">[said]</OutArgument></Assign.To><Assign.Value><InArgument x:TypeArguments="x:String">hello</InArgument></Assign.Value></Assign>`,
          `<WriteLine Text="[said + &quot; from the trigger&quot;]" />`,
          `<Variable x:TypeArguments="x:String" Name="said" />`,
        )}
      </Pick.Branches>
    </Pick>`);
    expect(ran.lines).toEqual(['Info: hello from the trigger']);
  });

  it('runs exactly one Action when the first Trigger completes at once', async () => {
    const ran = await runBody(`<Pick>
      ${branch('First', line('first trigger'), line('first action'))}
      ${branch('Second', delay('00:00:00.05'), line('second action'))}
    </Pick>`);
    expect(ran.lines).toContain('Info: first action');
    expect(ran.lines).not.toContain('Info: second action');
  });

  it('ends with the exception of a Trigger that fails before any completes; a TryCatch around it catches it', async () => {
    const failing = `<Sequence>${delay('00:00:00.02')}<Throw Exception="[New InvalidOperationException(&quot;no answer&quot;)]" /></Sequence>`;
    const ran = await runBody(`<TryCatch>
      <TryCatch.Try>
        <Pick>
          ${branch('Fails', failing, line('fails action'))}
          ${branch('Late', delay('00:00:10'), line('late action'))}
        </Pick>
      </TryCatch.Try>
      <TryCatch.Catches>
        <Catch x:TypeArguments="s:InvalidOperationException">
          <ActivityAction x:TypeArguments="s:InvalidOperationException">
            <ActivityAction.Argument><DelegateInArgument x:TypeArguments="s:InvalidOperationException" Name="ex" /></ActivityAction.Argument>
            <WriteLine Text="[&quot;caught: &quot; + ex.Message]" />
          </ActivityAction>
        </Catch>
      </TryCatch.Catches>
    </TryCatch>`);
    expect(ran.lines).toEqual(['Info: caught: no answer']);
    await expect(
      runBody(`<Pick>${branch('Fails', failing, line('x'))}${branch('Late', delay('00:00:10'), line('y'))}</Pick>`),
    ).rejects.toMatchObject({ exceptionType: 'InvalidOperationException', message: 'no answer' });
  });

  it('ends as canceled when the run is canceled while the Triggers wait', async () => {
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 50);
    const run = runBody(
      `<Pick>${branch('A', delay('00:00:10'), line('a'))}${branch('B', delay('00:00:10'), line('b'))}</Pick>`,
      { signal: controller.signal },
    );
    await expect(run).rejects.toBeInstanceOf(WorkflowCanceled);
    await expect(run).rejects.not.toBeInstanceOf(WorkflowFailure);
  });

  it('refuses at load a PickBranch without a Trigger, as WF validation does', () => {
    const message = loadError(
      project({ 'Main.xaml': xaml(`<Pick><PickBranch DisplayName="Empty">${line('x')}</PickBranch></Pick>`) }),
    );
    expect(message).toMatch(/^Activity PickBranch \(Main\.xaml line \d+\): a PickBranch needs a Trigger$/);
  });
});
