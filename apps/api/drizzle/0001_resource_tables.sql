CREATE TABLE "inspection_types" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" varchar(32) NOT NULL,
	"name" varchar(128) NOT NULL,
	"technique_id" uuid,
	"unit" varchar(16),
	"standard_value" numeric(9, 3),
	"lower_tolerance" numeric(9, 3),
	"upper_tolerance" numeric(9, 3),
	"description" varchar(512),
	"creation_time" timestamp with time zone DEFAULT now() NOT NULL,
	"creator_id" uuid,
	"last_modification_time" timestamp with time zone,
	"last_modifier_id" uuid
);
--> statement-breakpoint
CREATE TABLE "part_types" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" varchar(32) NOT NULL,
	"name" varchar(128) NOT NULL,
	"description" varchar(512),
	"creation_time" timestamp with time zone DEFAULT now() NOT NULL,
	"creator_id" uuid,
	"last_modification_time" timestamp with time zone,
	"last_modifier_id" uuid
);
--> statement-breakpoint
CREATE TABLE "product_settings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"product_id" uuid NOT NULL,
	"waste_length" integer DEFAULT 500 NOT NULL,
	"min_tail_length" integer DEFAULT 500 NOT NULL,
	"stock_lengths" integer[] DEFAULT '{}' NOT NULL,
	"kerf" integer DEFAULT 0 NOT NULL,
	"end_trim" integer DEFAULT 0 NOT NULL,
	"bars_per_cut" integer DEFAULT 1 NOT NULL,
	"creation_time" timestamp with time zone DEFAULT now() NOT NULL,
	"creator_id" uuid,
	"last_modification_time" timestamp with time zone,
	"last_modifier_id" uuid
);
--> statement-breakpoint
CREATE TABLE "product_types" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" varchar(32) NOT NULL,
	"name" varchar(128) NOT NULL,
	"description" varchar(512),
	"creation_time" timestamp with time zone DEFAULT now() NOT NULL,
	"creator_id" uuid,
	"last_modification_time" timestamp with time zone,
	"last_modifier_id" uuid
);
--> statement-breakpoint
CREATE TABLE "rebar_materials" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" varchar(32) NOT NULL,
	"name" varchar(128) NOT NULL,
	"grade" varchar(16) NOT NULL,
	"standard" varchar(64),
	"yield_strength" integer,
	"tensile_strength" integer,
	"elongation" numeric(4, 1),
	"description" varchar(512),
	"client_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"creation_time" timestamp with time zone DEFAULT now() NOT NULL,
	"creator_id" uuid,
	"last_modification_time" timestamp with time zone,
	"last_modifier_id" uuid
);
--> statement-breakpoint
CREATE TABLE "rebars" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" varchar(64) NOT NULL,
	"grade" varchar(16) NOT NULL,
	"diameter" integer NOT NULL,
	"unit_weight" numeric(6, 3),
	"rebar_material_id" uuid,
	"stock_lengths" integer[] DEFAULT '{}' NOT NULL,
	"description" varchar(512),
	"client_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"creation_time" timestamp with time zone DEFAULT now() NOT NULL,
	"creator_id" uuid,
	"last_modification_time" timestamp with time zone,
	"last_modifier_id" uuid
);
--> statement-breakpoint
CREATE TABLE "techniques" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" varchar(32) NOT NULL,
	"name" varchar(128) NOT NULL,
	"index" integer DEFAULT 0 NOT NULL,
	"description" varchar(512),
	"creation_time" timestamp with time zone DEFAULT now() NOT NULL,
	"creator_id" uuid,
	"last_modification_time" timestamp with time zone,
	"last_modifier_id" uuid
);
--> statement-breakpoint
CREATE TABLE "user_product_settings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"waste_length" integer,
	"creation_time" timestamp with time zone DEFAULT now() NOT NULL,
	"creator_id" uuid,
	"last_modification_time" timestamp with time zone,
	"last_modifier_id" uuid
);
--> statement-breakpoint
ALTER TABLE "clients" DROP CONSTRAINT "clients_code_unique";--> statement-breakpoint
ALTER TABLE "products" DROP CONSTRAINT "products_code_unique";--> statement-breakpoint
ALTER TABLE "clients" ALTER COLUMN "status" SET DATA TYPE varchar(32);--> statement-breakpoint
ALTER TABLE "clients" ALTER COLUMN "status" SET DEFAULT 'active';--> statement-breakpoint
ALTER TABLE "products" ALTER COLUMN "status" SET DATA TYPE varchar(32);--> statement-breakpoint
ALTER TABLE "products" ALTER COLUMN "status" SET DEFAULT 'active';--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "product_type_id" uuid;--> statement-breakpoint
ALTER TABLE "inspection_types" ADD CONSTRAINT "inspection_types_technique_id_techniques_id_fk" FOREIGN KEY ("technique_id") REFERENCES "public"."techniques"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_settings" ADD CONSTRAINT "product_settings_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rebar_materials" ADD CONSTRAINT "rebar_materials_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rebar_materials" ADD CONSTRAINT "rebar_materials_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rebars" ADD CONSTRAINT "rebars_rebar_material_id_rebar_materials_id_fk" FOREIGN KEY ("rebar_material_id") REFERENCES "public"."rebar_materials"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rebars" ADD CONSTRAINT "rebars_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rebars" ADD CONSTRAINT "rebars_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_product_settings" ADD CONSTRAINT "user_product_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_product_settings" ADD CONSTRAINT "user_product_settings_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "inspection_types_code_key" ON "inspection_types" USING btree ("code");--> statement-breakpoint
CREATE INDEX "inspection_types_technique_id_idx" ON "inspection_types" USING btree ("technique_id");--> statement-breakpoint
CREATE UNIQUE INDEX "part_types_code_key" ON "part_types" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "product_settings_product_id_key" ON "product_settings" USING btree ("product_id");--> statement-breakpoint
CREATE UNIQUE INDEX "product_types_code_key" ON "product_types" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "rebar_materials_product_id_code_key" ON "rebar_materials" USING btree ("product_id","code");--> statement-breakpoint
CREATE UNIQUE INDEX "rebars_product_id_grade_diameter_key" ON "rebars" USING btree ("product_id","grade","diameter");--> statement-breakpoint
CREATE INDEX "rebars_rebar_material_id_idx" ON "rebars" USING btree ("rebar_material_id");--> statement-breakpoint
CREATE UNIQUE INDEX "techniques_code_key" ON "techniques" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "user_product_settings_user_product_key" ON "user_product_settings" USING btree ("user_id","product_id");--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_product_type_id_product_types_id_fk" FOREIGN KEY ("product_type_id") REFERENCES "public"."product_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "clients_code_key" ON "clients" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "products_code_key" ON "products" USING btree ("code");--> statement-breakpoint
CREATE INDEX "products_client_id_idx" ON "products" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "products_product_type_id_idx" ON "products" USING btree ("product_type_id");--> statement-breakpoint
-- Products created before settings existed get theirs, with the definition's defaults (new ones get it when created;
-- the stock lengths' default, 9000 and 12000 mm, becomes the column default in 0002).
INSERT INTO "product_settings" ("product_id", "stock_lengths") SELECT "id", '{9000,12000}' FROM "products" ON CONFLICT DO NOTHING;
