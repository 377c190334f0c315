CREATE TABLE "purchase_list_line" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"list_id" uuid NOT NULL,
	"rebar_id" uuid NOT NULL,
	"length" integer NOT NULL,
	"bars" integer NOT NULL,
	"weight_grams" bigint NOT NULL,
	"received_bars" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "purchase_list_line_bars_positive" CHECK ("purchase_list_line"."bars" > 0),
	CONSTRAINT "purchase_list_line_received_not_negative" CHECK ("purchase_list_line"."received_bars" >= 0)
);
--> statement-breakpoint
CREATE TABLE "purchase_list" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"code" varchar(32) NOT NULL,
	"cut_plan_id" uuid NOT NULL,
	"cut_plan_code" varchar(32) NOT NULL,
	"status" varchar(16) DEFAULT 'open' NOT NULL,
	"needed_by" date,
	"creation_time" timestamp with time zone DEFAULT now() NOT NULL,
	"creator_id" uuid,
	"last_modification_time" timestamp with time zone,
	"last_modifier_id" uuid
);
--> statement-breakpoint
ALTER TABLE "product_settings" ADD COLUMN "material_check" varchar(32) DEFAULT 'warn' NOT NULL;--> statement-breakpoint
ALTER TABLE "purchase_list_line" ADD CONSTRAINT "purchase_list_line_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_list_line" ADD CONSTRAINT "purchase_list_line_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_list_line" ADD CONSTRAINT "purchase_list_line_list_id_purchase_list_id_fk" FOREIGN KEY ("list_id") REFERENCES "public"."purchase_list"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_list_line" ADD CONSTRAINT "purchase_list_line_rebar_id_rebars_id_fk" FOREIGN KEY ("rebar_id") REFERENCES "public"."rebars"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_list" ADD CONSTRAINT "purchase_list_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_list" ADD CONSTRAINT "purchase_list_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "purchase_list_line_list_idx" ON "purchase_list_line" USING btree ("list_id");--> statement-breakpoint
CREATE UNIQUE INDEX "purchase_list_code_unique" ON "purchase_list" USING btree ("product_id","code");--> statement-breakpoint
CREATE UNIQUE INDEX "purchase_list_plan_unique" ON "purchase_list" USING btree ("cut_plan_id");--> statement-breakpoint
CREATE INDEX "purchase_list_status_idx" ON "purchase_list" USING btree ("product_id","status");
