import { DraftRules } from './DraftRules.tsx';
import { DryRun } from './DryRun.tsx';
import { RulesSection } from './RulesSection.tsx';
import { TestBox } from './TestBox.tsx';
import { useDraftRules } from './use-draft-rules.ts';

/**
 * Data loss prevention: the rules every user message is checked against, drafts to try beside them, a test box
 * and dry runs over past messages. The drafts are shared by the test box and the dry run, so they share a page.
 */
export function DataProtectionPage() {
  const drafts = useDraftRules();
  return (
    <div className="page stack">
      <h1>Data protection</h1>
      <p className="muted">
        Rules keep sensitive text, like card numbers or secrets, out of conversations: a member’s message that a rule
        blocks is refused and never stored.
      </p>
      <RulesSection />
      <DraftRules drafts={drafts} />
      <TestBox drafts={drafts} />
      <DryRun drafts={drafts} />
    </div>
  );
}
