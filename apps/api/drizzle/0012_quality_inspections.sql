CREATE TABLE "stored_file" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid,
	"product_id" uuid,
	"owner_type" varchar(32) NOT NULL,
	"owner_id" uuid NOT NULL,
	"file_name" varchar(255) NOT NULL,
	"media_type" varchar(100) NOT NULL,
	"size" bigint NOT NULL,
	"sha256" varchar(64) NOT NULL,
	"storage_key" varchar(200) NOT NULL,
	"creator_name" varchar(64),
	"creation_time" timestamp with time zone DEFAULT now() NOT NULL,
	"creator_id" uuid,
	"last_modification_time" timestamp with time zone,
	"last_modifier_id" uuid
);
--> statement-breakpoint
CREATE TABLE "inspection_check" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"inspection_id" uuid NOT NULL,
	"inspection_type_id" uuid NOT NULL,
	"code" varchar(32) NOT NULL,
	"name" varchar(100) NOT NULL,
	"unit" varchar(16),
	"method" varchar(16) NOT NULL,
	"value" numeric(14, 3),
	"mass_kg" numeric(14, 3),
	"length_mm" integer,
	"lower_limit" numeric(14, 3),
	"upper_limit" numeric(14, 3),
	"passed" boolean NOT NULL,
	"remark" varchar(200),
	"equipment_id" uuid,
	"inspected_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "inspection" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"code" varchar(32) NOT NULL,
	"kind" varchar(16) NOT NULL,
	"result" varchar(8) NOT NULL,
	"technique_id" uuid NOT NULL,
	"rebar_receive_id" uuid,
	"task_id" uuid,
	"equipment_id" uuid,
	"rebar_id" uuid NOT NULL,
	"heat_no" varchar(200) DEFAULT '' NOT NULL,
	"piece_no" integer,
	"scrap_pieces" integer DEFAULT 0 NOT NULL,
	"inspector_id" uuid,
	"inspector_name" varchar(64),
	"inspected_at" timestamp with time zone NOT NULL,
	"remark" varchar(500),
	"creation_time" timestamp with time zone DEFAULT now() NOT NULL,
	"creator_id" uuid,
	"last_modification_time" timestamp with time zone,
	"last_modifier_id" uuid
);
--> statement-breakpoint
CREATE TABLE "sampling_plan" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"technique_id" uuid NOT NULL,
	"every_n" integer DEFAULT 0 NOT NULL,
	"creation_time" timestamp with time zone DEFAULT now() NOT NULL,
	"creator_id" uuid,
	"last_modification_time" timestamp with time zone,
	"last_modifier_id" uuid
);
--> statement-breakpoint
ALTER TABLE "stock" DROP CONSTRAINT "stock_identity_unique";--> statement-breakpoint
ALTER TABLE "inspection_types" ADD COLUMN "method" varchar(32) DEFAULT 'measured' NOT NULL;--> statement-breakpoint
ALTER TABLE "techniques" ADD COLUMN "stage" varchar(32) DEFAULT 'production' NOT NULL;--> statement-breakpoint
ALTER TABLE "task" ADD COLUMN "quality_flag" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "rebar_receive" ADD COLUMN "quality_status" varchar(16) DEFAULT 'uninspected' NOT NULL;--> statement-breakpoint
ALTER TABLE "rebar_receive" ADD COLUMN "held_quantity" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "stock_log" ADD COLUMN "held" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "stock" ADD COLUMN "held" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "inspection_check" ADD CONSTRAINT "inspection_check_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspection_check" ADD CONSTRAINT "inspection_check_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspection_check" ADD CONSTRAINT "inspection_check_inspection_id_inspection_id_fk" FOREIGN KEY ("inspection_id") REFERENCES "public"."inspection"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspection_check" ADD CONSTRAINT "inspection_check_inspection_type_id_inspection_types_id_fk" FOREIGN KEY ("inspection_type_id") REFERENCES "public"."inspection_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspection" ADD CONSTRAINT "inspection_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspection" ADD CONSTRAINT "inspection_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspection" ADD CONSTRAINT "inspection_technique_id_techniques_id_fk" FOREIGN KEY ("technique_id") REFERENCES "public"."techniques"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspection" ADD CONSTRAINT "inspection_rebar_receive_id_rebar_receive_id_fk" FOREIGN KEY ("rebar_receive_id") REFERENCES "public"."rebar_receive"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspection" ADD CONSTRAINT "inspection_task_id_task_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."task"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspection" ADD CONSTRAINT "inspection_equipment_id_equipment_id_fk" FOREIGN KEY ("equipment_id") REFERENCES "public"."equipment"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspection" ADD CONSTRAINT "inspection_rebar_id_rebars_id_fk" FOREIGN KEY ("rebar_id") REFERENCES "public"."rebars"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspection" ADD CONSTRAINT "inspection_inspector_id_users_id_fk" FOREIGN KEY ("inspector_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sampling_plan" ADD CONSTRAINT "sampling_plan_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sampling_plan" ADD CONSTRAINT "sampling_plan_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sampling_plan" ADD CONSTRAINT "sampling_plan_technique_id_techniques_id_fk" FOREIGN KEY ("technique_id") REFERENCES "public"."techniques"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "stored_file_owner_idx" ON "stored_file" USING btree ("owner_type","owner_id");--> statement-breakpoint
CREATE INDEX "inspection_check_inspection_idx" ON "inspection_check" USING btree ("inspection_id");--> statement-breakpoint
CREATE INDEX "inspection_check_type_time_idx" ON "inspection_check" USING btree ("product_id","inspection_type_id","inspected_at");--> statement-breakpoint
CREATE UNIQUE INDEX "inspection_code_unique" ON "inspection" USING btree ("product_id","code");--> statement-breakpoint
CREATE INDEX "inspection_product_time_idx" ON "inspection" USING btree ("product_id","inspected_at");--> statement-breakpoint
CREATE INDEX "inspection_receipt_idx" ON "inspection" USING btree ("rebar_receive_id");--> statement-breakpoint
CREATE INDEX "inspection_task_idx" ON "inspection" USING btree ("task_id","piece_no");--> statement-breakpoint
CREATE INDEX "inspection_equipment_time_idx" ON "inspection" USING btree ("equipment_id","inspected_at");--> statement-breakpoint
CREATE INDEX "inspection_product_heat_idx" ON "inspection" USING btree ("product_id","heat_no");--> statement-breakpoint
CREATE UNIQUE INDEX "sampling_plan_unique" ON "sampling_plan" USING btree ("product_id","technique_id");--> statement-breakpoint
ALTER TABLE "stock" ADD CONSTRAINT "stock_identity_unique" UNIQUE NULLS NOT DISTINCT("product_id","kind","rebar_id","length","heat_no","order_line_id","held");