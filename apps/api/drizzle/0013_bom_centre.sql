CREATE TABLE "spare_parts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" varchar(32) NOT NULL,
	"name" varchar(128) NOT NULL,
	"part_type_id" uuid,
	"specification" varchar(100),
	"material" varchar(50),
	"unit" varchar(16) NOT NULL,
	"figure_no" varchar(50),
	"supplier" varchar(100),
	"unit_price" numeric(11, 2),
	"weight" numeric(10, 3),
	"lead_time_days" integer,
	"description" varchar(512),
	"creation_time" timestamp with time zone DEFAULT now() NOT NULL,
	"creator_id" uuid,
	"last_modification_time" timestamp with time zone,
	"last_modifier_id" uuid
);
--> statement-breakpoint
CREATE TABLE "design_bom_node" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"bom_id" uuid NOT NULL,
	"parent_id" uuid,
	"part_id" uuid NOT NULL,
	"quantity" numeric(12, 3) NOT NULL,
	"position_no" varchar(20),
	"remark" varchar(200),
	"sort_index" integer DEFAULT 0 NOT NULL,
	"depth" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "design_bom" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" varchar(32) NOT NULL,
	"name" varchar(100) NOT NULL,
	"version" integer NOT NULL,
	"status" varchar(16) DEFAULT 'draft' NOT NULL,
	"product_type_id" uuid,
	"part_id" uuid NOT NULL,
	"based_on_id" uuid,
	"remark" varchar(500),
	"released_at" timestamp with time zone,
	"released_by" uuid,
	"released_by_name" varchar(64),
	"creation_time" timestamp with time zone DEFAULT now() NOT NULL,
	"creator_id" uuid,
	"last_modification_time" timestamp with time zone,
	"last_modifier_id" uuid
);
--> statement-breakpoint
CREATE TABLE "digital_twin_bom_element" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"twin_bom_id" uuid NOT NULL,
	"element" varchar(100) NOT NULL,
	"design_node_id" uuid,
	"signals" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"alarm_codes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"sort_index" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "digital_twin_bom" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" varchar(32) NOT NULL,
	"name" varchar(100) NOT NULL,
	"design_bom_id" uuid NOT NULL,
	"remark" varchar(500),
	"creation_time" timestamp with time zone DEFAULT now() NOT NULL,
	"creator_id" uuid,
	"last_modification_time" timestamp with time zone,
	"last_modifier_id" uuid
);
--> statement-breakpoint
CREATE TABLE "make_bom_node" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"make_bom_id" uuid NOT NULL,
	"design_node_id" uuid NOT NULL,
	"parent_id" uuid,
	"part_id" uuid NOT NULL,
	"quantity" numeric(12, 3) NOT NULL,
	"position_no" varchar(20),
	"remark" varchar(200),
	"sort_index" integer DEFAULT 0 NOT NULL,
	"depth" integer DEFAULT 0 NOT NULL,
	"technique_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"sequence" integer,
	"work_centre" varchar(100),
	"make_or_buy" varchar(8) DEFAULT 'make' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "make_bom" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"design_bom_id" uuid NOT NULL,
	"name" varchar(100) NOT NULL,
	"creation_time" timestamp with time zone DEFAULT now() NOT NULL,
	"creator_id" uuid,
	"last_modification_time" timestamp with time zone,
	"last_modifier_id" uuid
);
--> statement-breakpoint
CREATE TABLE "plc_task_template" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" varchar(32) NOT NULL,
	"name" varchar(100) NOT NULL,
	"equipment_model" varchar(100) NOT NULL,
	"technique_id" uuid,
	"parameters" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"command" varchar(500) NOT NULL,
	"description" varchar(500),
	"creation_time" timestamp with time zone DEFAULT now() NOT NULL,
	"creator_id" uuid,
	"last_modification_time" timestamp with time zone,
	"last_modifier_id" uuid
);
--> statement-breakpoint
ALTER TABLE "spare_parts" ADD CONSTRAINT "spare_parts_part_type_id_part_types_id_fk" FOREIGN KEY ("part_type_id") REFERENCES "public"."part_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "design_bom_node" ADD CONSTRAINT "design_bom_node_bom_id_design_bom_id_fk" FOREIGN KEY ("bom_id") REFERENCES "public"."design_bom"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "design_bom_node" ADD CONSTRAINT "design_bom_node_parent_id_design_bom_node_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."design_bom_node"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "design_bom_node" ADD CONSTRAINT "design_bom_node_part_id_spare_parts_id_fk" FOREIGN KEY ("part_id") REFERENCES "public"."spare_parts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "design_bom" ADD CONSTRAINT "design_bom_product_type_id_product_types_id_fk" FOREIGN KEY ("product_type_id") REFERENCES "public"."product_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "design_bom" ADD CONSTRAINT "design_bom_part_id_spare_parts_id_fk" FOREIGN KEY ("part_id") REFERENCES "public"."spare_parts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "design_bom" ADD CONSTRAINT "design_bom_based_on_id_design_bom_id_fk" FOREIGN KEY ("based_on_id") REFERENCES "public"."design_bom"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "design_bom" ADD CONSTRAINT "design_bom_released_by_users_id_fk" FOREIGN KEY ("released_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "digital_twin_bom_element" ADD CONSTRAINT "digital_twin_bom_element_twin_bom_id_digital_twin_bom_id_fk" FOREIGN KEY ("twin_bom_id") REFERENCES "public"."digital_twin_bom"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "digital_twin_bom_element" ADD CONSTRAINT "digital_twin_bom_element_design_node_id_design_bom_node_id_fk" FOREIGN KEY ("design_node_id") REFERENCES "public"."design_bom_node"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "digital_twin_bom" ADD CONSTRAINT "digital_twin_bom_design_bom_id_design_bom_id_fk" FOREIGN KEY ("design_bom_id") REFERENCES "public"."design_bom"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "make_bom_node" ADD CONSTRAINT "make_bom_node_make_bom_id_make_bom_id_fk" FOREIGN KEY ("make_bom_id") REFERENCES "public"."make_bom"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "make_bom_node" ADD CONSTRAINT "make_bom_node_design_node_id_design_bom_node_id_fk" FOREIGN KEY ("design_node_id") REFERENCES "public"."design_bom_node"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "make_bom_node" ADD CONSTRAINT "make_bom_node_parent_id_make_bom_node_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."make_bom_node"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "make_bom_node" ADD CONSTRAINT "make_bom_node_part_id_spare_parts_id_fk" FOREIGN KEY ("part_id") REFERENCES "public"."spare_parts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "make_bom" ADD CONSTRAINT "make_bom_design_bom_id_design_bom_id_fk" FOREIGN KEY ("design_bom_id") REFERENCES "public"."design_bom"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plc_task_template" ADD CONSTRAINT "plc_task_template_technique_id_techniques_id_fk" FOREIGN KEY ("technique_id") REFERENCES "public"."techniques"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "spare_parts_code_key" ON "spare_parts" USING btree ("code");--> statement-breakpoint
CREATE INDEX "spare_parts_part_type_id_idx" ON "spare_parts" USING btree ("part_type_id");--> statement-breakpoint
CREATE INDEX "design_bom_node_parent_idx" ON "design_bom_node" USING btree ("bom_id","parent_id","sort_index");--> statement-breakpoint
CREATE INDEX "design_bom_node_part_idx" ON "design_bom_node" USING btree ("part_id");--> statement-breakpoint
CREATE UNIQUE INDEX "design_bom_code_version_unique" ON "design_bom" USING btree ("code","version");--> statement-breakpoint
CREATE INDEX "digital_twin_bom_element_bom_idx" ON "digital_twin_bom_element" USING btree ("twin_bom_id","sort_index");--> statement-breakpoint
CREATE UNIQUE INDEX "digital_twin_bom_code_unique" ON "digital_twin_bom" USING btree ("code");--> statement-breakpoint
CREATE INDEX "make_bom_node_parent_idx" ON "make_bom_node" USING btree ("make_bom_id","parent_id","sort_index");--> statement-breakpoint
CREATE INDEX "make_bom_design_idx" ON "make_bom" USING btree ("design_bom_id");--> statement-breakpoint
CREATE UNIQUE INDEX "plc_task_template_model_code_unique" ON "plc_task_template" USING btree ("equipment_model","code");