CREATE TABLE "equipment" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"serial_number" varchar(64) NOT NULL,
	"name" varchar(100) NOT NULL,
	"spec" varchar(100) NOT NULL,
	"figure_no" varchar(64),
	"product_type_id" uuid,
	"client_id" uuid,
	"product_id" uuid,
	"creator_name" varchar(50),
	"production_date" date,
	"sale_status" varchar(16) DEFAULT 'inStock' NOT NULL,
	"technique_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"diameter_min" integer,
	"diameter_max" integer,
	"ideal_rate" numeric(10, 2),
	"throughput" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"shift_calendar" jsonb NOT NULL,
	"remark" varchar(500),
	"creation_time" timestamp with time zone DEFAULT now() NOT NULL,
	"creator_id" uuid,
	"last_modification_time" timestamp with time zone,
	"last_modifier_id" uuid,
	CONSTRAINT "equipment_sale_status" CHECK ("equipment"."sale_status" in ('inStock', 'sold', 'leased'))
);
--> statement-breakpoint
CREATE TABLE "equipment_alarm" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "equipment_alarm_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"equipment_id" uuid NOT NULL,
	"code" varchar(32) NOT NULL,
	"text" varchar(200) NOT NULL,
	"severity" varchar(16) NOT NULL,
	"raised_at" timestamp with time zone NOT NULL,
	"cleared_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "equipment_counter_sample" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "equipment_counter_sample_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"equipment_id" uuid NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"pieces" bigint NOT NULL,
	"good" bigint NOT NULL,
	"scrap" bigint NOT NULL,
	"delta_pieces" integer NOT NULL,
	"delta_good" integer NOT NULL,
	"delta_scrap" integer NOT NULL,
	"reset" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "equipment_credential" (
	"equipment_id" uuid PRIMARY KEY NOT NULL,
	"username" varchar(64) NOT NULL,
	"password_hash" varchar(256) NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"issuer_id" uuid,
	CONSTRAINT "equipment_credential_username_unique" UNIQUE("username")
);
--> statement-breakpoint
CREATE TABLE "equipment_live" (
	"equipment_id" uuid PRIMARY KEY NOT NULL,
	"state" varchar(16) DEFAULT 'offline' NOT NULL,
	"mode" varchar(16),
	"since" timestamp with time zone,
	"last_seen" timestamp with time zone,
	"pieces" bigint,
	"good" bigint,
	"scrap" bigint,
	"counters_at" timestamp with time zone,
	"alarm_code" varchar(32),
	"alarm_text" varchar(200),
	"alarm_severity" varchar(16),
	"alarm_since" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "equipment_state_interval" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "equipment_state_interval_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"equipment_id" uuid NOT NULL,
	"state" varchar(16) NOT NULL,
	"mode" varchar(16),
	"started_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone,
	"source" varchar(16) NOT NULL,
	"user_id" uuid,
	"remark" varchar(200)
);
--> statement-breakpoint
CREATE TABLE "telemetry_ingest_stat" (
	"reason" varchar(32) PRIMARY KEY NOT NULL,
	"count" numeric(20, 0) DEFAULT 0 NOT NULL,
	"last_at" timestamp with time zone,
	"last_topic" varchar(300),
	"last_serial_number" varchar(64),
	"since" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "equipment" ADD CONSTRAINT "equipment_product_type_id_product_types_id_fk" FOREIGN KEY ("product_type_id") REFERENCES "public"."product_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "equipment" ADD CONSTRAINT "equipment_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "equipment" ADD CONSTRAINT "equipment_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "equipment_alarm" ADD CONSTRAINT "equipment_alarm_equipment_id_equipment_id_fk" FOREIGN KEY ("equipment_id") REFERENCES "public"."equipment"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "equipment_counter_sample" ADD CONSTRAINT "equipment_counter_sample_equipment_id_equipment_id_fk" FOREIGN KEY ("equipment_id") REFERENCES "public"."equipment"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "equipment_credential" ADD CONSTRAINT "equipment_credential_equipment_id_equipment_id_fk" FOREIGN KEY ("equipment_id") REFERENCES "public"."equipment"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "equipment_live" ADD CONSTRAINT "equipment_live_equipment_id_equipment_id_fk" FOREIGN KEY ("equipment_id") REFERENCES "public"."equipment"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "equipment_state_interval" ADD CONSTRAINT "equipment_state_interval_equipment_id_equipment_id_fk" FOREIGN KEY ("equipment_id") REFERENCES "public"."equipment"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "equipment_serial_number_unique" ON "equipment" USING btree ("serial_number");--> statement-breakpoint
CREATE INDEX "equipment_client_idx" ON "equipment" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "equipment_product_idx" ON "equipment" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "equipment_alarm_equipment_time_idx" ON "equipment_alarm" USING btree ("equipment_id","raised_at");--> statement-breakpoint
CREATE INDEX "equipment_alarm_time_idx" ON "equipment_alarm" USING btree ("raised_at");--> statement-breakpoint
CREATE INDEX "equipment_counter_sample_equipment_time_idx" ON "equipment_counter_sample" USING btree ("equipment_id","at");--> statement-breakpoint
CREATE INDEX "equipment_counter_sample_time_idx" ON "equipment_counter_sample" USING btree ("at");--> statement-breakpoint
CREATE INDEX "equipment_state_interval_equipment_time_idx" ON "equipment_state_interval" USING btree ("equipment_id","started_at");--> statement-breakpoint
CREATE INDEX "equipment_state_interval_time_idx" ON "equipment_state_interval" USING btree ("started_at");