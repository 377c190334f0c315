CREATE TABLE "setup_mark" (
	"name" varchar(40) PRIMARY KEY NOT NULL,
	"value" varchar(40) NOT NULL,
	"creation_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- A database that already has users was seeded by a version that knew no marks: it keeps what it has
-- and never gets the demo again (a new, empty database has none and is seeded at its first start).
INSERT INTO "setup_mark" ("name", "value") SELECT 'demo', 'existing' WHERE EXISTS (SELECT 1 FROM "users");
