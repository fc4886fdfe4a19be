-- Notification settings (#49): which workflow events reach a person, by which channel, with per-project overrides,
-- and the project's own Slack, Discord or JSON webhooks for the same events. A missing row means the default
-- (lib/notifications/settings.ts).
CREATE TABLE "notification_settings" (
  "user_id" TEXT NOT NULL,
  "event" TEXT NOT NULL,
  "channel" TEXT NOT NULL,
  "enabled" BOOLEAN NOT NULL,
  "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  CONSTRAINT "notification_settings_pkey" PRIMARY KEY ("user_id", "event", "channel"),
  CONSTRAINT "notification_settings_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- A person's choice for one project, beating their default.
CREATE TABLE "notification_project_settings" (
  "user_id" TEXT NOT NULL,
  "project_id" TEXT NOT NULL,
  "event" TEXT NOT NULL,
  "channel" TEXT NOT NULL,
  "enabled" BOOLEAN NOT NULL,
  "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  CONSTRAINT "notification_project_settings_pkey" PRIMARY KEY ("user_id", "project_id", "event", "channel"),
  CONSTRAINT "notification_project_settings_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE,
  CONSTRAINT "notification_project_settings_project_id_fkey" FOREIGN KEY ("project_id") REFERENCES "projects"("id") ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE INDEX "notification_project_settings_project_id_idx" ON "notification_project_settings"("project_id");

-- The project's notification webhooks: one message per workflow event of the types listed in events.
CREATE TABLE "project_notification_webhooks" (
  "id" TEXT NOT NULL DEFAULT (gen_random_uuid())::text,
  "project_id" TEXT NOT NULL,
  "url" TEXT NOT NULL,
  "format" "webhook_format" NOT NULL DEFAULT 'slack',
  "events" TEXT[] NOT NULL,
  "secret" TEXT NOT NULL,
  "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  CONSTRAINT "project_notification_webhooks_pkey" PRIMARY KEY ("id"),
  CONSTRAINT "project_notification_webhooks_project_id_fkey" FOREIGN KEY ("project_id") REFERENCES "projects"("id") ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE INDEX "project_notification_webhooks_project_id_idx" ON "project_notification_webhooks"("project_id");

-- Each notification sent, once per workflow event, recipient (a user id or a webhook id) and channel: a retried
-- workflow job finds its row and sends nothing twice.
CREATE TABLE "notification_deliveries" (
  "event_key" TEXT NOT NULL,
  "channel" TEXT NOT NULL,
  "recipient" TEXT NOT NULL,
  "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  CONSTRAINT "notification_deliveries_pkey" PRIMARY KEY ("event_key", "channel", "recipient")
);
