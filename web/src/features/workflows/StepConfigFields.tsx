import { FormField } from '../../components/FormField.tsx';
import { ModelSelect } from '../../components/ModelSelect.tsx';
import { AGENT_TOOLS, useAgents, useTextModels } from '../agents/index.ts';
import { useLiveSkills } from '../skills/index.ts';
import { ChoiceSelect } from './ChoiceSelect.tsx';
import styles from './StepsEditor.module.css';
import { useWorkflows } from './use-workflows.ts';
import { type StepErrors, type StepValues, WORKFLOW_LIMITS } from './workflow-form.ts';

interface ConfigProps {
  step: StepValues;
  errors: StepErrors;
  set: <K extends keyof StepValues>(key: K, value: StepValues[K]) => void;
  /** The workflow being edited: a step may not run it inside itself. */
  selfId?: string;
}

const TEMPLATE_HINT = 'Use {{input.<key>}} for the run’s input and {{steps.<id>.output}} for an earlier step’s result.';
const TOOL_CHOICES = AGENT_TOOLS.map((tool) => ({ value: tool.name, label: tool.label }));

function PromptField({ step, errors, set }: ConfigProps) {
  return (
    <FormField label="Prompt" hint={TEMPLATE_HINT} error={errors.prompt}>
      {(control) => (
        <textarea
          {...control}
          rows={3}
          value={step.prompt}
          maxLength={WORKFLOW_LIMITS.prompt}
          onChange={(e) => set('prompt', e.target.value)}
        />
      )}
    </FormField>
  );
}

function JsonField({
  label,
  hint,
  field,
  ...props
}: ConfigProps & { label: string; hint: string; field: 'arguments' | 'input' }) {
  return (
    <FormField label={label} hint={hint} error={props.errors[field]}>
      {(control) => (
        <textarea
          {...control}
          className={styles.json}
          rows={3}
          spellCheck={false}
          value={props.step[field]}
          onChange={(e) => props.set(field, e.target.value)}
        />
      )}
    </FormField>
  );
}

function ModelFields(props: ConfigProps) {
  const models = useTextModels();
  return (
    <>
      <PromptField {...props} />
      <FormField label="Model">
        {(control) => (
          <ModelSelect
            control={control}
            value={props.step.model}
            models={models.data}
            onChange={(model) => props.set('model', model)}
          />
        )}
      </FormField>
    </>
  );
}

function ToolFields(props: ConfigProps) {
  return (
    <>
      <FormField label="Tool" error={props.errors.tool}>
        {(control) => (
          <ChoiceSelect
            control={control}
            value={props.step.tool}
            choices={TOOL_CHOICES}
            placeholder="Choose a tool"
            onChange={(tool) => props.set('tool', tool)}
          />
        )}
      </FormField>
      <JsonField {...props} field="arguments" label="Arguments" hint="A JSON object; string values are templates." />
    </>
  );
}

function SkillFields(props: ConfigProps) {
  const skills = useLiveSkills();
  return (
    <>
      <FormField label="Skill" error={props.errors.skill}>
        {(control) => (
          <ChoiceSelect
            control={control}
            value={props.step.skill}
            choices={skills.data?.map((skill) => ({ value: skill.slug, label: skill.name }))}
            placeholder="Choose a skill"
            onChange={(skill) => props.set('skill', skill)}
          />
        )}
      </FormField>
      <PromptField {...props} />
    </>
  );
}

function AgentFields(props: ConfigProps) {
  const agents = useAgents();
  return (
    <>
      <FormField label="Agent" error={props.errors.agentId}>
        {(control) => (
          <ChoiceSelect
            control={control}
            value={props.step.agentId}
            choices={agents.data?.map((agent) => ({ value: agent.id, label: agent.name }))}
            placeholder="Choose an agent"
            onChange={(agentId) => props.set('agentId', agentId)}
          />
        )}
      </FormField>
      <PromptField {...props} />
    </>
  );
}

function WorkflowFields(props: ConfigProps) {
  const workflows = useWorkflows();
  const choices = workflows.data
    ?.filter((workflow) => workflow.id !== props.selfId)
    .map((workflow) => ({ value: workflow.id, label: workflow.name }));
  return (
    <>
      <FormField label="Workflow" error={props.errors.workflowId}>
        {(control) => (
          <ChoiceSelect
            control={control}
            value={props.step.workflowId}
            choices={choices}
            placeholder="Choose a workflow"
            onChange={(workflowId) => props.set('workflowId', workflowId)}
          />
        )}
      </FormField>
      <JsonField
        {...props}
        field="input"
        label="Workflow input"
        hint="A JSON object given to that workflow as its input; string values are templates."
      />
    </>
  );
}

/** The fields of the step's type; each type asks the API only for the choices it offers. */
export function StepConfigFields(props: ConfigProps) {
  switch (props.step.type) {
    case 'model':
      return <ModelFields {...props} />;
    case 'tool':
      return <ToolFields {...props} />;
    case 'skill':
      return <SkillFields {...props} />;
    case 'agent':
      return <AgentFields {...props} />;
    case 'workflow':
      return <WorkflowFields {...props} />;
  }
}
