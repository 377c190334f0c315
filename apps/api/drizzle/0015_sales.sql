CREATE TABLE "maintenance_visits" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" varchar(32) NOT NULL,
	"client_id" uuid NOT NULL,
	"equipment_serial" varchar(64),
	"visit_date" date NOT NULL,
	"technician" varchar(64) NOT NULL,
	"work_done" varchar(1000) NOT NULL,
	"parts_used" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"next_visit_date" date,
	"creation_time" timestamp with time zone DEFAULT now() NOT NULL,
	"creator_id" uuid,
	"last_modification_time" timestamp with time zone,
	"last_modifier_id" uuid
);
--> statement-breakpoint
CREATE TABLE "sales_leads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company" varchar(128) NOT NULL,
	"contact" varchar(64),
	"phone" varchar(32),
	"region" varchar(64),
	"source" varchar(32) DEFAULT 'other' NOT NULL,
	"product_type_id" uuid,
	"status" varchar(32) DEFAULT 'new' NOT NULL,
	"next_follow_up" date,
	"owner" varchar(64),
	"remark" varchar(512),
	"client_id" uuid,
	"creation_time" timestamp with time zone DEFAULT now() NOT NULL,
	"creator_id" uuid,
	"last_modification_time" timestamp with time zone,
	"last_modifier_id" uuid
);
--> statement-breakpoint
ALTER TABLE "maintenance_visits" ADD CONSTRAINT "maintenance_visits_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_leads" ADD CONSTRAINT "sales_leads_product_type_id_product_types_id_fk" FOREIGN KEY ("product_type_id") REFERENCES "public"."product_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_leads" ADD CONSTRAINT "sales_leads_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "maintenance_visits_code_key" ON "maintenance_visits" USING btree ("code");--> statement-breakpoint
CREATE INDEX "maintenance_visits_client_id_idx" ON "maintenance_visits" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "sales_leads_product_type_id_idx" ON "sales_leads" USING btree ("product_type_id");--> statement-breakpoint
CREATE INDEX "sales_leads_client_id_idx" ON "sales_leads" USING btree ("client_id");