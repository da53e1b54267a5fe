import { z } from 'zod';
import { JOB_OUTCOME_LABELS, jobOutcomeSchema } from './job-outcomes.ts';

/**
 * A job's history: an append-only timeline of what happened to it, shown newest first in the
 * details pop-up. The team acts as one ('Your team'); no staff member is named to the client.
 */

export const JOB_EVENT_ACTORS = ['team', 'client'] as const;
export type JobEventActor = (typeof JOB_EVENT_ACTORS)[number];

export const JOB_EVENT_ACTOR_LABELS: Record<JobEventActor, string> = { team: 'Your team', client: 'You' };

const assigned = z.object({ kind: z.literal('assigned'), detail: z.object({}) });
const applied = z.object({ kind: z.literal('applied'), detail: z.object({ applied: z.boolean() }) });
const decision = z.object({
  kind: z.literal('decision'),
  detail: z.object({ client_approval: z.enum(['rejected', 'pending']) }),
});
const notes = z.object({ kind: z.literal('notes'), detail: z.object({ cleared: z.boolean() }) });
const outcome = z.object({
  kind: z.literal('outcome'),
  detail: z.object({ outcome: jobOutcomeSchema.nullable(), outcome_date: z.string().nullable() }),
});

/** What happened, with what it needs to be read; the database keeps `detail` as JSON. */
export const jobEventChangeSchema = z.discriminatedUnion('kind', [
  assigned,
  applied,
  decision,
  notes,
  outcome,
]);
export type JobEventChange = z.infer<typeof jobEventChangeSchema>;

export const jobEventSchema = z.intersection(
  z.object({ id: z.string(), at: z.string(), actor: z.enum(JOB_EVENT_ACTORS) }),
  jobEventChangeSchema,
);
export type JobEvent = z.infer<typeof jobEventSchema>;

export const jobHistoryResponseSchema = z.object({ data: z.array(jobEventSchema) });

/** One line for people, e.g. 'Outcome recorded: Interview' (the screen adds the outcome's date). */
export function describeJobEvent(event: JobEventChange): string {
  switch (event.kind) {
    case 'assigned':
      return 'Assigned to you';
    case 'applied':
      return event.detail.applied ? 'Applied' : 'Marked not applied';
    case 'decision':
      return event.detail.client_approval === 'rejected' ? 'Rejected' : 'Rejection cleared';
    case 'notes':
      return event.detail.cleared ? 'Notes cleared' : 'Notes edited';
    case 'outcome':
      return event.detail.outcome === null
        ? 'Outcome cleared'
        : `Outcome recorded: ${JOB_OUTCOME_LABELS[event.detail.outcome]}`;
  }
}
