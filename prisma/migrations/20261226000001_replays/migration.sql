-- #46: session replays (@sentry/browser's replayIntegration): one row per replay, summed over its replay_event
-- items, and one per recording segment, whose scrubbed, compressed bytes are an attachment (replay.recording)
CREATE TABLE "replays" (
  "project_id" TEXT NOT NULL,
  "id" TEXT NOT NULL,
  "started_at" TIMESTAMPTZ(3) NOT NULL,
  "finished_at" TIMESTAMPTZ(3) NOT NULL,
  "replay_type" TEXT NOT NULL,
  "urls" TEXT[] NOT NULL DEFAULT ARRAY[]::TEXT[],
  "error_ids" TEXT[] NOT NULL DEFAULT ARRAY[]::TEXT[],
  "trace_ids" TEXT[] NOT NULL DEFAULT ARRAY[]::TEXT[],
  "release" TEXT,
  "environment" TEXT,
  "platform" TEXT,
  "user_display" TEXT,
  "user" JSONB,
  "browser" TEXT,
  "os" TEXT,
  "device" TEXT,
  "sdk" JSONB,
  "segment_count" INTEGER NOT NULL DEFAULT 0,
  "size" INTEGER NOT NULL DEFAULT 0,
  "count_clicks" INTEGER NOT NULL DEFAULT 0,
  "count_dead_clicks" INTEGER NOT NULL DEFAULT 0,
  "count_rage_clicks" INTEGER NOT NULL DEFAULT 0,
  "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  CONSTRAINT "replays_pkey" PRIMARY KEY ("project_id", "id"),
  CONSTRAINT "replays_project_id_fkey" FOREIGN KEY ("project_id") REFERENCES "projects"("id") ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE INDEX "replays_project_id_started_at_idx" ON "replays"("project_id", "started_at" DESC);
CREATE INDEX "replays_started_at_idx" ON "replays"("started_at");

CREATE TABLE "replay_segments" (
  "project_id" TEXT NOT NULL,
  "replay_id" TEXT NOT NULL,
  "segment_id" INTEGER NOT NULL,
  "attachment_id" TEXT NOT NULL,
  "size" INTEGER NOT NULL,
  "event_count" INTEGER NOT NULL,
  "started_at" TIMESTAMPTZ(3) NOT NULL,
  "finished_at" TIMESTAMPTZ(3) NOT NULL,
  "received_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  CONSTRAINT "replay_segments_pkey" PRIMARY KEY ("project_id", "replay_id", "segment_id"),
  CONSTRAINT "replay_segments_project_id_replay_id_fkey" FOREIGN KEY ("project_id", "replay_id") REFERENCES "replays"("project_id", "id") ON DELETE CASCADE ON UPDATE CASCADE,
  CONSTRAINT "replay_segments_attachment_id_fkey" FOREIGN KEY ("attachment_id") REFERENCES "attachments"("id") ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE UNIQUE INDEX "replay_segments_attachment_id_key" ON "replay_segments"("attachment_id");

ALTER TABLE "monthly_usage" ADD COLUMN "replays" INTEGER NOT NULL DEFAULT 0;
