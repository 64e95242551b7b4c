import { AtriumApiError, type TurnDocument } from '@atrium/client';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { createFakeClient, type FakeClient, ok } from '../../../test/fake-client.ts';
import { renderWithClient } from '../../../test/render.tsx';
import { usePendingApprovalCount } from '../../approvals/index.ts';
import { LiveRun } from './LiveRun.tsx';
import { useTranscript } from './use-conversation.ts';

const threadId = '0190a000-0000-7000-8000-000000000001';
const runId = '0190a000-0000-7000-8000-000000000002';
const actId = '0190a000-0000-7000-8000-000000000003';
const artifactId = '0190a000-0000-7000-8000-000000000004';
const runPath = { path: { id: threadId, runId } };

const turn = (changes: Partial<TurnDocument> = {}): TurnDocument => ({
  v: 0,
  runId,
  threadId,
  status: 'running',
  activity: [],
  message: '',
  narration: '',
  interrupt: null,
  artifacts: [],
  ...changes,
});

const approval = (prompt: string): TurnDocument['interrupt'] => ({
  type: 'approval',
  actId,
  actKey: 'send',
  prompt,
  options: ['approve', 'reject'],
  multiSelect: false,
});

let fake: FakeClient;

beforeEach(() => {
  fake = createFakeClient();
  fake.on('GET', '/v1/approvals', ok({ data: [], has_more: false, next_cursor: null }));
  fake.on('GET', '/v1/threads/{id}/messages', ok({ data: [], has_more: false, next_cursor: null }));
});

/** Shows the transcript as the conversation page does, so a reload of it after delivery can be seen. */
function TranscriptProbe() {
  const transcript = useTranscript(threadId);
  return <p>{transcript.data ? `${transcript.data.length} stored` : 'loading'}</p>;
}

const mount = () =>
  renderWithClient(
    fake,
    <>
      <TranscriptProbe />
      <LiveRun threadId={threadId} runId={runId} />
    </>,
  );
const transcriptReads = () => fake.api.GET.mock.calls.filter(([path]) => path === '/v1/threads/{id}/messages').length;

const push = (doc: TurnDocument) => act(async () => fake.turns.push(doc));
const assistant = () => screen.getByRole('article', { name: 'Assistant' });

describe('LiveRun', () => {
  it('follows the run it was given and shows an Assistant article before the first snapshot', () => {
    mount();
    expect(fake.streamTurn).toHaveBeenCalledWith(
      threadId,
      runId,
      expect.objectContaining({ signal: expect.any(AbortSignal) }),
    );
    expect(within(assistant()).getByRole('status')).toHaveTextContent('Connecting…');
  });

  it('renders each patched document: text grows, steps change state, Markdown is rendered', async () => {
    mount();
    await push(
      turn({ message: 'Hel', activity: [{ id: 'a1', label: 'Searching files', state: 'active', detail: null }] }),
    );
    expect(assistant()).toHaveTextContent('Hel');
    expect(within(assistant()).getByRole('list', { name: 'Steps' })).toHaveTextContent('Searching filesIn progress');

    await push(
      turn({
        v: 2,
        message: 'Hello **world**',
        activity: [{ id: 'a1', label: 'Searching files', state: 'done', detail: null }],
      }),
    );
    expect(within(assistant()).getByText('world').tagName).toBe('STRONG');
    expect(within(assistant()).getByRole('list', { name: 'Steps' })).toHaveTextContent('Searching filesDone');
    expect(within(assistant()).getByRole('status')).toHaveTextContent('Working…');
  });

  it('never puts raw HTML from the model into the page', async () => {
    mount();
    await push(turn({ message: 'Look <img src="x" onerror="alert(1)"> <script>alert(2)</script>here' }));
    expect(assistant()).toHaveTextContent('Look');
    expect(assistant().querySelector('img, script')).toBeNull();
  });

  it('links each artifact by its filename to its download URL', async () => {
    mount();
    fake.on('GET', '/v1/artifacts/{id}/download', (init) => ok({ download_url: `/files/${init.params?.path?.id}` }));
    const artifact = {
      id: artifactId,
      filename: 'report.docx',
      title: 'Report',
      mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      sizeBytes: 2048,
      status: 'ready',
      createdByTool: 'create_document',
    };
    await push(turn({ v: 3, artifacts: [artifact] }));
    expect(await screen.findByRole('link', { name: 'report.docx' })).toHaveAttribute('href', `/files/${artifactId}`);
  });

  it('cancels a running run', async () => {
    mount();
    fake.on('POST', '/v1/threads/{id}/runs/{runId}/cancel', ok({ run: { id: runId, status: 'cancelled' } }, 202));
    await push(turn());
    await userEvent.click(screen.getByRole('button', { name: 'Cancel run' }));
    expect(fake.api.POST).toHaveBeenCalledWith('/v1/threads/{id}/runs/{runId}/cancel', { params: runPath });
  });

  it('offers no cancel once the run has ended', async () => {
    mount();
    await push(turn({ status: 'completed', message: 'Done.' }));
    expect(screen.queryByRole('button', { name: 'Cancel run' })).toBeNull();
  });

  it('approves an approval interrupt through the approve route, naming the awaiting act', async () => {
    mount();
    fake.on('POST', '/v1/threads/{id}/runs/{runId}/approve', ok({ run: { id: runId, status: 'running' } }, 202));
    await push(turn({ status: 'awaiting', interrupt: approval('Send the email?') }));
    expect(within(assistant()).getByRole('status')).toHaveTextContent('Waiting for you');
    const card = screen.getByRole('group', { name: 'Approval needed' });
    expect(card).toHaveTextContent('Send the email?');
    await userEvent.click(within(card).getByRole('button', { name: 'Approve' }));
    expect(fake.api.POST).toHaveBeenCalledWith('/v1/threads/{id}/runs/{runId}/approve', {
      params: runPath,
      body: { interrupt_id: actId },
    });
    expect(await within(card).findByText('Answer sent. The run goes on.')).toBeInTheDocument();
  });

  it('tells a member that an org admin answers a spend-limit pause, and gives an admin the buttons', async () => {
    const pause = { ...approval('This run reached the monthly spend limit.')!, actKey: 'spend-limit:1' };
    const member = renderWithClient(fake, <LiveRun threadId={threadId} runId={runId} />);
    await push(turn({ status: 'awaiting', interrupt: pause }));
    const card = screen.getByRole('group', { name: 'Approval needed' });
    expect(card).toHaveTextContent('The run goes on once an organization admin answers this.');
    expect(within(card).queryByRole('button')).toBeNull();
    member.unmount();

    renderWithClient(fake, <LiveRun threadId={threadId} runId={runId} viewerIsAdmin />);
    await push(turn({ status: 'awaiting', interrupt: pause }));
    const adminCard = screen.getByRole('group', { name: 'Approval needed' });
    expect(within(adminCard).getByRole('button', { name: 'Approve' })).toBeInTheDocument();
  });

  it('asks for the pending approvals again as soon as the run pauses', async () => {
    function ApprovalCount() {
      return <p>{usePendingApprovalCount() ?? 'none'} waiting</p>;
    }
    renderWithClient(
      fake,
      <>
        <ApprovalCount />
        <LiveRun threadId={threadId} runId={runId} />
      </>,
    );
    await screen.findByText('none waiting');
    const approvalReads = () => fake.api.GET.mock.calls.filter(([path]) => path === '/v1/approvals').length;
    await push(turn());
    expect(approvalReads()).toBe(1);
    await push(turn({ v: 1, status: 'awaiting', interrupt: approval('Send the email?') }));
    await waitFor(() => expect(approvalReads()).toBe(2));
  });

  it('rejects with a reason through the reject route', async () => {
    mount();
    fake.on('POST', '/v1/threads/{id}/runs/{runId}/reject', ok({ run: { id: runId, status: 'running' } }, 202));
    await push(turn({ status: 'awaiting', interrupt: approval('Publish it?') }));
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Reject' }));
    const reason = screen.getByRole('textbox', { name: 'Reason' });
    expect(reason).toHaveFocus();
    await user.type(reason, 'Not before Monday');
    await user.click(screen.getByRole('button', { name: 'Confirm rejection' }));
    expect(fake.api.POST).toHaveBeenCalledWith('/v1/threads/{id}/runs/{runId}/reject', {
      params: runPath,
      body: { interrupt_id: actId, reason: 'Not before Monday' },
    });
  });

  it('answers a clarification through the resume route, typed or by choosing an option', async () => {
    mount();
    fake.on('POST', '/v1/threads/{id}/runs/{runId}/resume', ok({ run: { id: runId, status: 'running' } }, 202));
    const question = {
      type: 'clarification' as const,
      actId,
      actKey: 'ask',
      prompt: 'Which region?',
      multiSelect: false,
    };
    await push(turn({ status: 'awaiting', interrupt: { ...question, options: [] } }));
    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: 'Answer' }), 'Both, please');
    await user.click(screen.getByRole('button', { name: 'Send answer' }));
    expect(fake.api.POST).toHaveBeenLastCalledWith('/v1/threads/{id}/runs/{runId}/resume', {
      params: runPath,
      body: { interrupt_id: actId, answer: 'Both, please' },
    });

    const nextActId = '0190a000-0000-7000-8000-000000000005';
    await push(turn({ v: 1, status: 'awaiting', interrupt: { ...question, actId: nextActId, options: ['EU', 'US'] } }));
    await user.click(screen.getByRole('button', { name: 'EU' }));
    expect(fake.api.POST).toHaveBeenLastCalledWith('/v1/threads/{id}/runs/{runId}/resume', {
      params: runPath,
      body: { interrupt_id: nextActId, answer: 'EU' },
    });
  });

  it('sends the chosen options of a multi-select question', async () => {
    mount();
    fake.on('POST', '/v1/threads/{id}/runs/{runId}/resume', ok({ run: { id: runId, status: 'running' } }, 202));
    const interrupt = {
      type: 'clarification' as const,
      actId,
      actKey: 'ask',
      prompt: 'Which formats?',
      options: ['PDF', 'CSV', 'XLSX'],
      multiSelect: true,
    };
    await push(turn({ status: 'awaiting', interrupt }));
    const user = userEvent.setup();
    await user.click(screen.getByRole('checkbox', { name: 'PDF' }));
    await user.click(screen.getByRole('checkbox', { name: 'XLSX' }));
    await user.click(screen.getByRole('button', { name: 'Send answer' }));
    expect(fake.api.POST).toHaveBeenCalledWith('/v1/threads/{id}/runs/{runId}/resume', {
      params: runPath,
      body: { interrupt_id: actId, answer: ['PDF', 'XLSX'] },
    });
  });

  it('waits for delivery after the stream ends, then reloads the transcript', async () => {
    mount();
    await screen.findByText('0 stored');
    await push(turn({ status: 'completed', message: 'All done.' }));
    expect(fake.awaitDelivery).not.toHaveBeenCalled();
    await act(async () => fake.turns.end());
    expect(fake.awaitDelivery).toHaveBeenCalledWith(threadId, runId, { signal: expect.any(AbortSignal) });
    await waitFor(() => expect(transcriptReads()).toBe(2));
  });

  it('keeps waiting for delivery when the stream gives up on a lost connection, and says it is reconnecting', async () => {
    let deliver = () => {};
    fake.awaitDelivery.mockImplementationOnce(() => new Promise((resolve) => (deliver = () => resolve({}))));
    fake.streamTurn.mockImplementationOnce(async function* () {
      yield turn({ message: 'Half a reply' });
      throw new TypeError('Failed to fetch');
    });
    mount();
    await waitFor(() => expect(within(assistant()).getByRole('status')).toHaveTextContent('Reconnecting…'));
    expect(assistant()).toHaveTextContent('Half a reply');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(transcriptReads()).toBe(1);
    await act(async () => deliver());
    await waitFor(() => expect(transcriptReads()).toBe(2));
  });

  it('says so when the run cannot be followed at all, and follows it again on "Try again"', async () => {
    fake.streamTurn.mockImplementationOnce(async function* () {
      yield* [];
      const envelope = { error: 'Thread not found', code: 'not_found', request_id: 'req_test' };
      throw new AtriumApiError(new Response(null, { status: 404 }), envelope);
    });
    mount();
    expect(await screen.findByRole('alert')).toHaveTextContent('Thread not found');
    expect(fake.awaitDelivery).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(fake.streamTurn).toHaveBeenCalledTimes(2);
    await push(turn({ message: 'Back on track' }));
    expect(assistant()).toHaveTextContent('Back on track');
  });
});
