CREATE TABLE "demand_order_history" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "demand_order_history_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
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
CREATE TABLE "demand_order_line" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"line_no" integer NOT NULL,
	"mark" varchar(32) NOT NULL,
	"rebar_id" uuid NOT NULL,
	"length" integer NOT NULL,
	"members" integer NOT NULL,
	"bars_per_member" integer NOT NULL,
	"quantity" integer NOT NULL,
	"weight_grams" bigint NOT NULL,
	"shape_code" varchar(8),
	"geometry" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"mandrel" double precision,
	"technique_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"pieces_per_bundle" integer,
	"drawing" varchar(64),
	"private_block" varchar(500),
	"remark" varchar(200),
	"planned_quantity" integer DEFAULT 0 NOT NULL,
	"produced_quantity" integer DEFAULT 0 NOT NULL,
	"creation_time" timestamp with time zone DEFAULT now() NOT NULL,
	"creator_id" uuid,
	"last_modification_time" timestamp with time zone,
	"last_modifier_id" uuid,
	CONSTRAINT "demand_order_line_quantity_positive" CHECK ("demand_order_line"."quantity" > 0 and "demand_order_line"."length" > 0),
	CONSTRAINT "demand_order_line_progress" CHECK ("demand_order_line"."planned_quantity" >= 0 and "demand_order_line"."produced_quantity" >= 0 and "demand_order_line"."produced_quantity" <= "demand_order_line"."quantity")
);
--> statement-breakpoint
CREATE TABLE "demand_order" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"code" varchar(32) NOT NULL,
	"project" varchar(100) NOT NULL,
	"element" varchar(100),
	"customer" varchar(100),
	"demand_date" date NOT NULL,
	"priority" varchar(16) DEFAULT 'normal' NOT NULL,
	"status" varchar(16) DEFAULT 'draft' NOT NULL,
	"source" varchar(8) DEFAULT 'manual' NOT NULL,
	"remark" varchar(500),
	"line_count" integer DEFAULT 0 NOT NULL,
	"total_quantity" integer DEFAULT 0 NOT NULL,
	"total_weight_grams" bigint DEFAULT 0 NOT NULL,
	"creation_time" timestamp with time zone DEFAULT now() NOT NULL,
	"creator_id" uuid,
	"last_modification_time" timestamp with time zone,
	"last_modifier_id" uuid,
	CONSTRAINT "demand_order_status" CHECK ("demand_order"."status" in ('draft', 'confirmed', 'planned', 'producing', 'completed', 'cancelled'))
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "time_zone" varchar(32) DEFAULT 'Asia/Shanghai' NOT NULL;--> statement-breakpoint
ALTER TABLE "demand_order_history" ADD CONSTRAINT "demand_order_history_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "demand_order_history" ADD CONSTRAINT "demand_order_history_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "demand_order_history" ADD CONSTRAINT "demand_order_history_order_id_demand_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."demand_order"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "demand_order_history" ADD CONSTRAINT "demand_order_history_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "demand_order_line" ADD CONSTRAINT "demand_order_line_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "demand_order_line" ADD CONSTRAINT "demand_order_line_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "demand_order_line" ADD CONSTRAINT "demand_order_line_order_id_demand_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."demand_order"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "demand_order_line" ADD CONSTRAINT "demand_order_line_rebar_id_rebars_id_fk" FOREIGN KEY ("rebar_id") REFERENCES "public"."rebars"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "demand_order" ADD CONSTRAINT "demand_order_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "demand_order" ADD CONSTRAINT "demand_order_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "demand_order_history_order_idx" ON "demand_order_history" USING btree ("order_id","seq");--> statement-breakpoint
CREATE UNIQUE INDEX "demand_order_line_order_line_unique" ON "demand_order_line" USING btree ("order_id","line_no");--> statement-breakpoint
CREATE INDEX "demand_order_line_rebar_idx" ON "demand_order_line" USING btree ("rebar_id");--> statement-breakpoint
CREATE INDEX "demand_order_line_product_idx" ON "demand_order_line" USING btree ("product_id");--> statement-breakpoint
CREATE UNIQUE INDEX "demand_order_code_unique" ON "demand_order" USING btree ("product_id","code");--> statement-breakpoint
CREATE INDEX "demand_order_product_status_idx" ON "demand_order" USING btree ("product_id","status");--> statement-breakpoint
CREATE INDEX "demand_order_product_date_idx" ON "demand_order" USING btree ("product_id","demand_date");