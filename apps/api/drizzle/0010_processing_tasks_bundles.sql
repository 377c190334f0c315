CREATE TABLE "bundle" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"scan_id" varchar(32) NOT NULL,
	"task_id" uuid NOT NULL,
	"order_line_id" uuid NOT NULL,
	"length" integer NOT NULL,
	"number" integer NOT NULL,
	"count" integer NOT NULL,
	"pieces" integer NOT NULL,
	"weight_grams" bigint NOT NULL,
	"produced_at" timestamp with time zone NOT NULL,
	"status" varchar(16) DEFAULT 'produced' NOT NULL,
	"delivery_note_id" uuid,
	"creation_time" timestamp with time zone DEFAULT now() NOT NULL,
	"creator_id" uuid,
	"last_modification_time" timestamp with time zone,
	"last_modifier_id" uuid,
	CONSTRAINT "bundle_status" CHECK ("bundle"."status" in ('produced', 'delivered'))
);
--> statement-breakpoint
CREATE TABLE "daily_plan_cut_plan" (
	"client_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"daily_plan_id" uuid NOT NULL,
	"cut_plan_id" uuid NOT NULL,
	"run_id" uuid NOT NULL
);
--> statement-breakpoint
CREATE TABLE "daily_plan_history" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"daily_plan_id" uuid NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "daily_plan_history_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"from_status" varchar(16),
	"to_status" varchar(16) NOT NULL,
	"user_id" uuid,
	"user_name" varchar(64),
	"note" varchar(200),
	"time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "daily_plan_job" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"daily_plan_id" uuid NOT NULL,
	"key" varchar(100) NOT NULL,
	"kind" varchar(8) NOT NULL,
	"label" varchar(200) NOT NULL,
	"cut_plan_id" uuid NOT NULL,
	"group_index" integer NOT NULL,
	"pattern_index" integer NOT NULL,
	"order_line_id" uuid,
	"technique_id" uuid NOT NULL,
	"rebar_id" uuid NOT NULL,
	"diameter" integer NOT NULL,
	"grade" varchar(40) NOT NULL,
	"repetitions" integer NOT NULL,
	"pieces" integer NOT NULL,
	"weight_grams" bigint NOT NULL,
	"after_key" varchar(100),
	"pinned" jsonb,
	"order_ids" uuid[] NOT NULL,
	"order_line_ids" uuid[] NOT NULL
);
--> statement-breakpoint
CREATE TABLE "daily_plan_slot" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"daily_plan_id" uuid NOT NULL,
	"job_key" varchar(100) NOT NULL,
	"equipment_id" uuid NOT NULL,
	"kind" varchar(8) NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "daily_plan" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"code" varchar(32) NOT NULL,
	"first_day" date NOT NULL,
	"days" smallint NOT NULL,
	"status" varchar(16) DEFAULT 'draft' NOT NULL,
	"machine_ids" uuid[] NOT NULL,
	"remark" varchar(500),
	"creation_time" timestamp with time zone DEFAULT now() NOT NULL,
	"creator_id" uuid,
	"last_modification_time" timestamp with time zone,
	"last_modifier_id" uuid,
	CONSTRAINT "daily_plan_status" CHECK ("daily_plan"."status" in ('draft', 'released', 'inProgress', 'done', 'cancelled'))
);
--> statement-breakpoint
CREATE TABLE "delivery_note" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"code" varchar(32) NOT NULL,
	"site" varchar(200) NOT NULL,
	"vehicle" varchar(50),
	"receiver" varchar(100),
	"remark" varchar(500),
	"delivered_at" timestamp with time zone NOT NULL,
	"creation_time" timestamp with time zone DEFAULT now() NOT NULL,
	"creator_id" uuid,
	"last_modification_time" timestamp with time zone,
	"last_modifier_id" uuid
);
--> statement-breakpoint
CREATE TABLE "task_event" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"task_id" uuid NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "task_event_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"action" varchar(16) NOT NULL,
	"from_status" varchar(16),
	"to_status" varchar(16),
	"data" jsonb,
	"user_id" uuid,
	"user_name" varchar(64),
	"time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "task_output" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"task_id" uuid NOT NULL,
	"order_line_id" uuid NOT NULL,
	"length" integer NOT NULL,
	"per_repetition" integer NOT NULL,
	"finished" varchar(8) NOT NULL,
	"produced" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "task" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"code" varchar(32) NOT NULL,
	"daily_plan_id" uuid NOT NULL,
	"job_id" uuid NOT NULL,
	"equipment_id" uuid NOT NULL,
	"kind" varchar(8) NOT NULL,
	"status" varchar(16) DEFAULT 'pending' NOT NULL,
	"repetitions" integer NOT NULL,
	"done" integer DEFAULT 0 NOT NULL,
	"scrap" integer DEFAULT 0 NOT NULL,
	"telemetry_pieces" integer DEFAULT 0 NOT NULL,
	"planned_start" timestamp with time zone NOT NULL,
	"planned_end" timestamp with time zone NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"fail_reason" varchar(200),
	"creation_time" timestamp with time zone DEFAULT now() NOT NULL,
	"creator_id" uuid,
	"last_modification_time" timestamp with time zone,
	"last_modifier_id" uuid,
	CONSTRAINT "task_done_not_negative" CHECK ("task"."done" >= 0 and "task"."done" <= "task"."repetitions"),
	CONSTRAINT "task_status" CHECK ("task"."status" in ('pending', 'dispatched', 'running', 'paused', 'done', 'failed', 'cancelled'))
);
--> statement-breakpoint
DROP INDEX "stock_identity_unique";--> statement-breakpoint
ALTER TABLE "stock_log" ADD COLUMN "order_line_id" uuid;--> statement-breakpoint
ALTER TABLE "stock" ADD COLUMN "order_line_id" uuid;--> statement-breakpoint
ALTER TABLE "bundle" ADD CONSTRAINT "bundle_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bundle" ADD CONSTRAINT "bundle_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bundle" ADD CONSTRAINT "bundle_task_id_task_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."task"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bundle" ADD CONSTRAINT "bundle_order_line_id_demand_order_line_id_fk" FOREIGN KEY ("order_line_id") REFERENCES "public"."demand_order_line"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bundle" ADD CONSTRAINT "bundle_delivery_note_id_delivery_note_id_fk" FOREIGN KEY ("delivery_note_id") REFERENCES "public"."delivery_note"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "daily_plan_cut_plan" ADD CONSTRAINT "daily_plan_cut_plan_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "daily_plan_cut_plan" ADD CONSTRAINT "daily_plan_cut_plan_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "daily_plan_cut_plan" ADD CONSTRAINT "daily_plan_cut_plan_daily_plan_id_daily_plan_id_fk" FOREIGN KEY ("daily_plan_id") REFERENCES "public"."daily_plan"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "daily_plan_cut_plan" ADD CONSTRAINT "daily_plan_cut_plan_cut_plan_id_cut_plan_id_fk" FOREIGN KEY ("cut_plan_id") REFERENCES "public"."cut_plan"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "daily_plan_cut_plan" ADD CONSTRAINT "daily_plan_cut_plan_run_id_cut_plan_run_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."cut_plan_run"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "daily_plan_history" ADD CONSTRAINT "daily_plan_history_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "daily_plan_history" ADD CONSTRAINT "daily_plan_history_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "daily_plan_history" ADD CONSTRAINT "daily_plan_history_daily_plan_id_daily_plan_id_fk" FOREIGN KEY ("daily_plan_id") REFERENCES "public"."daily_plan"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "daily_plan_history" ADD CONSTRAINT "daily_plan_history_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "daily_plan_job" ADD CONSTRAINT "daily_plan_job_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "daily_plan_job" ADD CONSTRAINT "daily_plan_job_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "daily_plan_job" ADD CONSTRAINT "daily_plan_job_daily_plan_id_daily_plan_id_fk" FOREIGN KEY ("daily_plan_id") REFERENCES "public"."daily_plan"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "daily_plan_job" ADD CONSTRAINT "daily_plan_job_cut_plan_id_cut_plan_id_fk" FOREIGN KEY ("cut_plan_id") REFERENCES "public"."cut_plan"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "daily_plan_job" ADD CONSTRAINT "daily_plan_job_order_line_id_demand_order_line_id_fk" FOREIGN KEY ("order_line_id") REFERENCES "public"."demand_order_line"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "daily_plan_job" ADD CONSTRAINT "daily_plan_job_technique_id_techniques_id_fk" FOREIGN KEY ("technique_id") REFERENCES "public"."techniques"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "daily_plan_job" ADD CONSTRAINT "daily_plan_job_rebar_id_rebars_id_fk" FOREIGN KEY ("rebar_id") REFERENCES "public"."rebars"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "daily_plan_slot" ADD CONSTRAINT "daily_plan_slot_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "daily_plan_slot" ADD CONSTRAINT "daily_plan_slot_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "daily_plan_slot" ADD CONSTRAINT "daily_plan_slot_daily_plan_id_daily_plan_id_fk" FOREIGN KEY ("daily_plan_id") REFERENCES "public"."daily_plan"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "daily_plan_slot" ADD CONSTRAINT "daily_plan_slot_equipment_id_equipment_id_fk" FOREIGN KEY ("equipment_id") REFERENCES "public"."equipment"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "daily_plan" ADD CONSTRAINT "daily_plan_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "daily_plan" ADD CONSTRAINT "daily_plan_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_note" ADD CONSTRAINT "delivery_note_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_note" ADD CONSTRAINT "delivery_note_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_event" ADD CONSTRAINT "task_event_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_event" ADD CONSTRAINT "task_event_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_event" ADD CONSTRAINT "task_event_task_id_task_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."task"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_event" ADD CONSTRAINT "task_event_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_output" ADD CONSTRAINT "task_output_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_output" ADD CONSTRAINT "task_output_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_output" ADD CONSTRAINT "task_output_task_id_task_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."task"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_output" ADD CONSTRAINT "task_output_order_line_id_demand_order_line_id_fk" FOREIGN KEY ("order_line_id") REFERENCES "public"."demand_order_line"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task" ADD CONSTRAINT "task_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task" ADD CONSTRAINT "task_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task" ADD CONSTRAINT "task_daily_plan_id_daily_plan_id_fk" FOREIGN KEY ("daily_plan_id") REFERENCES "public"."daily_plan"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task" ADD CONSTRAINT "task_job_id_daily_plan_job_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."daily_plan_job"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task" ADD CONSTRAINT "task_equipment_id_equipment_id_fk" FOREIGN KEY ("equipment_id") REFERENCES "public"."equipment"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bundle_scan_id_unique" ON "bundle" USING btree ("scan_id");--> statement-breakpoint
CREATE INDEX "bundle_task_idx" ON "bundle" USING btree ("task_id");--> statement-breakpoint
CREATE INDEX "bundle_order_line_idx" ON "bundle" USING btree ("order_line_id");--> statement-breakpoint
CREATE INDEX "bundle_delivery_note_idx" ON "bundle" USING btree ("delivery_note_id");--> statement-breakpoint
CREATE UNIQUE INDEX "daily_plan_cut_plan_unique" ON "daily_plan_cut_plan" USING btree ("daily_plan_id","cut_plan_id");--> statement-breakpoint
CREATE INDEX "daily_plan_cut_plan_plan_idx" ON "daily_plan_cut_plan" USING btree ("cut_plan_id");--> statement-breakpoint
CREATE INDEX "daily_plan_history_plan_idx" ON "daily_plan_history" USING btree ("daily_plan_id","seq");--> statement-breakpoint
CREATE UNIQUE INDEX "daily_plan_job_key_unique" ON "daily_plan_job" USING btree ("daily_plan_id","key");--> statement-breakpoint
CREATE INDEX "daily_plan_slot_plan_idx" ON "daily_plan_slot" USING btree ("daily_plan_id");--> statement-breakpoint
CREATE INDEX "daily_plan_slot_equipment_time_idx" ON "daily_plan_slot" USING btree ("equipment_id","starts_at");--> statement-breakpoint
CREATE UNIQUE INDEX "daily_plan_code_unique" ON "daily_plan" USING btree ("product_id","code");--> statement-breakpoint
CREATE INDEX "daily_plan_product_status_idx" ON "daily_plan" USING btree ("product_id","status");--> statement-breakpoint
CREATE INDEX "daily_plan_product_day_idx" ON "daily_plan" USING btree ("product_id","first_day");--> statement-breakpoint
CREATE UNIQUE INDEX "delivery_note_code_unique" ON "delivery_note" USING btree ("product_id","code");--> statement-breakpoint
CREATE INDEX "delivery_note_product_time_idx" ON "delivery_note" USING btree ("product_id","delivered_at");--> statement-breakpoint
CREATE INDEX "task_event_task_idx" ON "task_event" USING btree ("task_id","seq");--> statement-breakpoint
CREATE UNIQUE INDEX "task_output_unique" ON "task_output" USING btree ("task_id","order_line_id","length");--> statement-breakpoint
CREATE UNIQUE INDEX "task_code_unique" ON "task" USING btree ("product_id","code");--> statement-breakpoint
CREATE UNIQUE INDEX "task_job_unique" ON "task" USING btree ("job_id");--> statement-breakpoint
CREATE INDEX "task_equipment_status_idx" ON "task" USING btree ("equipment_id","status","planned_start");--> statement-breakpoint
CREATE INDEX "task_product_start_idx" ON "task" USING btree ("product_id","planned_start");--> statement-breakpoint
CREATE INDEX "task_daily_plan_idx" ON "task" USING btree ("daily_plan_id");--> statement-breakpoint
ALTER TABLE "stock" ADD CONSTRAINT "stock_identity_unique" UNIQUE NULLS NOT DISTINCT("product_id","kind","rebar_id","length","heat_no","order_line_id");