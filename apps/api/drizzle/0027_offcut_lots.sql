CREATE TABLE "offcut_lot" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"code" varchar(32) NOT NULL,
	"scan_id" varchar(32) NOT NULL,
	"rebar_id" uuid NOT NULL,
	"length" integer NOT NULL,
	"heat_nos" varchar(50)[] DEFAULT '{}' NOT NULL,
	"task_id" uuid,
	"source_code" varchar(32),
	"made_at" timestamp with time zone NOT NULL,
	"creation_time" timestamp with time zone DEFAULT now() NOT NULL,
	"creator_id" uuid,
	"last_modification_time" timestamp with time zone,
	"last_modifier_id" uuid
);
--> statement-breakpoint
ALTER TABLE "stock" DROP CONSTRAINT "stock_identity_unique";--> statement-breakpoint
ALTER TABLE "stock_log" ADD COLUMN "lot_id" uuid;--> statement-breakpoint
ALTER TABLE "stock" ADD COLUMN "lot_id" uuid;--> statement-breakpoint
ALTER TABLE "offcut_lot" ADD CONSTRAINT "offcut_lot_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offcut_lot" ADD CONSTRAINT "offcut_lot_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offcut_lot" ADD CONSTRAINT "offcut_lot_rebar_id_rebars_id_fk" FOREIGN KEY ("rebar_id") REFERENCES "public"."rebars"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "offcut_lot_code_unique" ON "offcut_lot" USING btree ("product_id","code");--> statement-breakpoint
CREATE UNIQUE INDEX "offcut_lot_scan_unique" ON "offcut_lot" USING btree ("scan_id");--> statement-breakpoint
CREATE INDEX "offcut_lot_task_idx" ON "offcut_lot" USING btree ("task_id");--> statement-breakpoint
ALTER TABLE "stock_log" ADD CONSTRAINT "stock_log_lot_id_offcut_lot_id_fk" FOREIGN KEY ("lot_id") REFERENCES "public"."offcut_lot"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock" ADD CONSTRAINT "stock_lot_id_offcut_lot_id_fk" FOREIGN KEY ("lot_id") REFERENCES "public"."offcut_lot"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock" ADD CONSTRAINT "stock_identity_unique" UNIQUE NULLS NOT DISTINCT("product_id","kind","rebar_id","length","heat_no","order_line_id","held","location_id","lot_id");--> statement-breakpoint
-- Offcuts kept before lots existed: every tail balance row becomes a lot of its own (the lot's id is the
-- row's), heat unknown, made when the row was first written. The ledger is not touched.
INSERT INTO "offcut_lot" ("id", "client_id", "product_id", "code", "scan_id", "rebar_id", "length", "heat_nos", "task_id", "source_code", "made_at", "creation_time")
SELECT s."id", s."client_id", s."product_id",
  'OC' || to_char(s."creation_time" AT TIME ZONE 'UTC', 'YYYYMMDD') || '-' || lpad((row_number() OVER (PARTITION BY s."product_id", to_char(s."creation_time" AT TIME ZONE 'UTC', 'YYYYMMDD') ORDER BY s."creation_time", s."id"))::text, 4, '0'),
  replace(gen_random_uuid()::text, '-', ''), s."rebar_id", s."length", '{}', NULL, NULL, s."creation_time", s."creation_time"
FROM "stock" s WHERE s."kind" = 'tail';--> statement-breakpoint
UPDATE "stock" SET "lot_id" = "id" WHERE "kind" = 'tail';--> statement-breakpoint
-- Codes taken above are taken for good: the next lot of those days numbers after them.
INSERT INTO "document_sequence" ("product_id", "prefix", "day", "last_value")
SELECT "product_id", 'OC', substr("code", 3, 8), count(*)::integer FROM "offcut_lot" GROUP BY "product_id", substr("code", 3, 8)
ON CONFLICT ("product_id", "prefix", "day") DO UPDATE SET "last_value" = greatest("document_sequence"."last_value", excluded."last_value");
