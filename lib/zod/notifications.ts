import { z } from 'zod';
import { httpUrl, WEBHOOK_FORMATS } from './alerts';

/** The workflow events a person can choose to hear about (lib/workflow/workflow-events.ts). */
export const NOTIFICATION_EVENTS = ['ASSIGNED', 'COMMENTED', 'REGRESSED', 'RESOLVED', 'NEW_ISSUE'] as const;
export type NotificationEvent = (typeof NOTIFICATION_EVENTS)[number];

/** A person's channels; the project's Slack and Discord webhooks are the project's own (notification webhooks). */
export const NOTIFICATION_CHANNELS = ['email'] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];

const event = z.enum(NOTIFICATION_EVENTS, {
  message: 'Event must be ASSIGNED, COMMENTED, REGRESSED, RESOLVED or NEW_ISSUE',
});
const channel = z.enum(NOTIFICATION_CHANNELS, { message: 'Channel must be email' });

/**
 * Changes to the caller's settings. Without projectId: their default (on or off). With projectId: that project's
 * override (on, off, or null to follow the default again).
 */
export const updateNotificationSettingsSchema = z.object({
  settings: z
    .array(
      z
        .object({
          event,
          channel: channel.default('email'),
          projectId: z
            .string({ message: 'Project id must be a string' })
            .min(1, 'Project id must not be empty')
            .optional(),
          enabled: z.boolean({ message: 'Enabled must be true, false or null' }).nullable(),
        })
        .superRefine((v, ctx) => {
          if (v.projectId === undefined && v.enabled === null)
            ctx.addIssue({ code: 'custom', path: ['enabled'], message: 'A default must be true or false' });
        }),
      { message: 'Settings must be an array' },
    )
    .min(1, 'Give at least one setting')
    .max(200, 'At most 200 settings at once'),
});
export type UpdateNotificationSettingsInput = z.infer<typeof updateNotificationSettingsSchema>;

const format = z.enum(WEBHOOK_FORMATS, { message: 'Format must be json, slack or discord' });
const events = z
  .array(event, { message: 'Events must be an array' })
  .min(1, 'Choose at least one event')
  .transform((v) => NOTIFICATION_EVENTS.filter((e) => v.includes(e)));

export const createNotificationWebhookSchema = z.object({
  url: httpUrl,
  format: format.default('slack'),
  events: events.default([...NOTIFICATION_EVENTS]),
});
export const updateNotificationWebhookSchema = z.object({
  url: httpUrl.optional(),
  format: format.optional(),
  events: events.optional(),
});
export type CreateNotificationWebhookInput = z.infer<typeof createNotificationWebhookSchema>;
export type UpdateNotificationWebhookInput = z.infer<typeof updateNotificationWebhookSchema>;

export const notificationWebhookParams = z.object({ projectId: z.string().min(1), hookId: z.string().min(1) });
