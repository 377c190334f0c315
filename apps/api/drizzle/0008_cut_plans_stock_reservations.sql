CREATE TABLE "cut_plan_history" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"plan_id" uuid NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "cut_plan_history_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"from_status" varchar(16),
	"to_status" varchar(16) NOT NULL,
	"user_id" uuid,
	"user_name" varchar(64),
	"note" varchar(200),
	"time" timestamp with time zone DEFAULT now() NOT NULL,
	"creation_time" timestamp with time zone DEFAULT now() NOT NULL,
	"creator_id" uuid,
	"last_modification_time" timestamp with time zone,
	"last_modifier_id" uuid
);
--> statement-breakpoint
CREATE TABLE "cut_plan_line" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"plan_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"order_line_id" uuid NOT NULL,
	"quantity" integer NOT NULL,
	"placed_quantity" integer DEFAULT 0 NOT NULL,
	"creation_time" timestamp with time zone DEFAULT now() NOT NULL,
	"creator_id" uuid,
	"last_modification_time" timestamp with time zone,
	"last_modifier_id" uuid,
	CONSTRAINT "cut_plan_line_quantity" CHECK ("cut_plan_line"."quantity" > 0 and "cut_plan_line"."placed_quantity" >= 0)
);
--> statement-breakpoint
CREATE TABLE "cut_plan_run" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"plan_id" uuid NOT NULL,
	"number" integer NOT NULL,
	"settings" jsonb NOT NULL,
	"job_id" uuid,
	"progress" jsonb,
	"result" jsonb,
	"finished_time" timestamp with time zone,
	"creation_time" timestamp with time zone DEFAULT now() NOT NULL,
	"creator_id" uuid,
	"last_modification_time" timestamp with time zone,
	"last_modifier_id" uuid
);
--> statement-breakpoint
CREATE TABLE "cut_plan" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"code" varchar(32) NOT NULL,
	"plan_date" date NOT NULL,
	"status" varchar(16) DEFAULT 'draft' NOT NULL,
	"specs" varchar(500) NOT NULL,
	"kerf" integer NOT NULL,
	"end_trim" integer NOT NULL,
	"min_tail_length" integer NOT NULL,
	"waste_length" integer NOT NULL,
	"sources" jsonb NOT NULL,
	"time_limit_s" integer NOT NULL,
	"remark" varchar(500),
	"demand_weight_grams" bigint DEFAULT 0 NOT NULL,
	"orders_fingerprint" varchar(64) NOT NULL,
	"current_run_id" uuid,
	"approved_run_id" uuid,
	"creation_time" timestamp with time zone DEFAULT now() NOT NULL,
	"creator_id" uuid,
	"last_modification_time" timestamp with time zone,
	"last_modifier_id" uuid,
	CONSTRAINT "cut_plan_status" CHECK ("cut_plan"."status" in ('draft', 'approved', 'scheduled', 'done', 'cancelled'))
);
--> statement-breakpoint
CREATE TABLE "stock_reservation" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"stock_id" uuid NOT NULL,
	"quantity" integer NOT NULL,
	"source_type" varchar(32) NOT NULL,
	"source_id" uuid NOT NULL,
	"source_code" varchar(32),
	"creation_time" timestamp with time zone DEFAULT now() NOT NULL,
	"creator_id" uuid,
	"last_modification_time" timestamp with time zone,
	"last_modifier_id" uuid,
	CONSTRAINT "stock_reservation_quantity_positive" CHECK ("stock_reservation"."quantity" > 0)
);
--> statement-breakpoint
ALTER TABLE "cut_plan_history" ADD CONSTRAINT "cut_plan_history_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cut_plan_history" ADD CONSTRAINT "cut_plan_history_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cut_plan_history" ADD CONSTRAINT "cut_plan_history_plan_id_cut_plan_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."cut_plan"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cut_plan_history" ADD CONSTRAINT "cut_plan_history_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cut_plan_line" ADD CONSTRAINT "cut_plan_line_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cut_plan_line" ADD CONSTRAINT "cut_plan_line_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cut_plan_line" ADD CONSTRAINT "cut_plan_line_plan_id_cut_plan_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."cut_plan"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cut_plan_line" ADD CONSTRAINT "cut_plan_line_order_id_demand_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."demand_order"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cut_plan_line" ADD CONSTRAINT "cut_plan_line_order_line_id_demand_order_line_id_fk" FOREIGN KEY ("order_line_id") REFERENCES "public"."demand_order_line"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cut_plan_run" ADD CONSTRAINT "cut_plan_run_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cut_plan_run" ADD CONSTRAINT "cut_plan_run_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cut_plan_run" ADD CONSTRAINT "cut_plan_run_plan_id_cut_plan_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."cut_plan"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cut_plan" ADD CONSTRAINT "cut_plan_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cut_plan" ADD CONSTRAINT "cut_plan_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_reservation" ADD CONSTRAINT "stock_reservation_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_reservation" ADD CONSTRAINT "stock_reservation_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_reservation" ADD CONSTRAINT "stock_reservation_stock_id_stock_id_fk" FOREIGN KEY ("stock_id") REFERENCES "public"."stock"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cut_plan_history_plan_idx" ON "cut_plan_history" USING btree ("plan_id","seq");--> statement-breakpoint
CREATE UNIQUE INDEX "cut_plan_line_plan_line_unique" ON "cut_plan_line" USING btree ("plan_id","order_line_id");--> statement-breakpoint
CREATE INDEX "cut_plan_line_order_idx" ON "cut_plan_line" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "cut_plan_line_line_idx" ON "cut_plan_line" USING btree ("order_line_id");--> statement-breakpoint
CREATE UNIQUE INDEX "cut_plan_run_plan_number_unique" ON "cut_plan_run" USING btree ("plan_id","number");--> statement-breakpoint
CREATE INDEX "cut_plan_run_job_idx" ON "cut_plan_run" USING btree ("job_id");--> statement-breakpoint
CREATE UNIQUE INDEX "cut_plan_code_unique" ON "cut_plan" USING btree ("product_id","code");--> statement-breakpoint
CREATE INDEX "cut_plan_product_status_idx" ON "cut_plan" USING btree ("product_id","status");--> statement-breakpoint
CREATE INDEX "cut_plan_product_date_idx" ON "cut_plan" USING btree ("product_id","plan_date");--> statement-breakpoint
CREATE INDEX "stock_reservation_stock_idx" ON "stock_reservation" USING btree ("stock_id");--> statement-breakpoint
CREATE INDEX "stock_reservation_source_idx" ON "stock_reservation" USING btree ("source_id");