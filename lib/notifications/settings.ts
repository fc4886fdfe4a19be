// A person's notification settings (#49): per workflow event and channel, a default and per-project overrides.
// No row means the built-in default below.
import { db } from '@/lib/db';
import { validationError } from '@/lib/errors';
import {
  NOTIFICATION_CHANNELS,
  NOTIFICATION_EVENTS,
  type NotificationChannel,
  type NotificationEvent,
  type UpdateNotificationSettingsInput,
} from '@/lib/zod/notifications';

/**
 * As Sentry does for participants: what happens to an issue one is part of reaches one by email. A new issue in the
 * projects of one's teams does not (alert rules cover new issues; every new fingerprint of a busy project would
 * otherwise reach every member of its teams): one turns it on.
 */
export const DEFAULT_SETTINGS: Record<NotificationEvent, Record<NotificationChannel, boolean>> = {
  ASSIGNED: { email: true },
  COMMENTED: { email: true },
  REGRESSED: { email: true },
  RESOLVED: { email: true },
  NEW_ISSUE: { email: false },
};

type Grid = Record<NotificationEvent, Record<NotificationChannel, boolean>>;
type PartialGrid = Partial<Record<NotificationEvent, Partial<Record<NotificationChannel, boolean>>>>;

function defaultsGrid(): Grid {
  return Object.fromEntries(NOTIFICATION_EVENTS.map((e) => [e, { ...DEFAULT_SETTINGS[e] }])) as Grid;
}

/** The caller's defaults, and each project of the organization with the overrides set for it. */
export async function getNotificationSettings(userId: string, orgId: string) {
  const [rows, projects] = await Promise.all([
    db.notificationSetting.findMany({ where: { userId } }),
    db.project.findMany({
      where: { orgId },
      select: { id: true, name: true },
      orderBy: [{ name: 'asc' }, { id: 'asc' }],
    }),
  ]);
  const overrides = await db.notificationProjectSetting.findMany({
    where: { userId, projectId: { in: projects.map((p) => p.id) } },
  });
  const defaults = defaultsGrid();
  for (const r of rows) {
    const e = r.event as NotificationEvent;
    if (defaults[e] && NOTIFICATION_CHANNELS.includes(r.channel as NotificationChannel))
      defaults[e][r.channel as NotificationChannel] = r.enabled;
  }
  return {
    events: NOTIFICATION_EVENTS,
    channels: NOTIFICATION_CHANNELS,
    defaults,
    projects: projects.map((p) => {
      const set: PartialGrid = {};
      for (const o of overrides.filter((o) => o.projectId === p.id)) {
        const e = o.event as NotificationEvent;
        set[e] = { ...set[e], [o.channel]: o.enabled };
      }
      return { id: p.id, name: p.name, overrides: set };
    }),
  };
}

/** Applies the changes in one transaction; a project outside the organization is 400 and changes nothing. */
export async function updateNotificationSettings(
  userId: string,
  orgId: string,
  input: UpdateNotificationSettingsInput,
) {
  const projectIds = [...new Set(input.settings.flatMap((s) => (s.projectId ? [s.projectId] : [])))];
  const known = new Set(
    (await db.project.findMany({ where: { id: { in: projectIds }, orgId }, select: { id: true } })).map((p) => p.id),
  );
  const unknown = input.settings.flatMap((s, i) =>
    s.projectId && !known.has(s.projectId)
      ? [{ path: ['settings', i, 'projectId'], message: 'Project not found in this organization' }]
      : [],
  );
  if (unknown.length) throw validationError(unknown);
  await db.$transaction(async (tx) => {
    for (const s of input.settings) {
      const { event, channel, enabled } = s;
      if (!s.projectId) {
        await tx.notificationSetting.upsert({
          where: { userId_event_channel: { userId, event, channel } },
          create: { userId, event, channel, enabled: enabled! },
          update: { enabled: enabled! },
        });
      } else if (enabled === null) {
        await tx.notificationProjectSetting.deleteMany({ where: { userId, projectId: s.projectId, event, channel } });
      } else {
        const key = { userId, projectId: s.projectId, event, channel };
        await tx.notificationProjectSetting.upsert({
          where: { userId_projectId_event_channel: key },
          create: { ...key, enabled },
          update: { enabled },
        });
      }
    }
  });
  return getNotificationSettings(userId, orgId);
}

/** Of these people, those whom the event reaches on the channel in this project: override, else default, else built-in. */
export async function recipientsWithSetting({
  userIds,
  projectId,
  event,
  channel,
}: {
  userIds: string[];
  projectId: string;
  event: NotificationEvent;
  channel: NotificationChannel;
}): Promise<string[]> {
  if (!userIds.length) return [];
  const [defaults, overrides] = await Promise.all([
    db.notificationSetting.findMany({ where: { userId: { in: userIds }, event, channel } }),
    db.notificationProjectSetting.findMany({ where: { userId: { in: userIds }, projectId, event, channel } }),
  ]);
  const own = new Map(defaults.map((d) => [d.userId, d.enabled]));
  const project = new Map(overrides.map((o) => [o.userId, o.enabled]));
  return userIds.filter((id) => project.get(id) ?? own.get(id) ?? DEFAULT_SETTINGS[event][channel]);
}
