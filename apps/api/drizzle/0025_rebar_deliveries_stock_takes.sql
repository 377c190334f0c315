CREATE TABLE "rebar_delivery" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"code" varchar(32) NOT NULL,
	"supplier" varchar(100) NOT NULL,
	"delivery_note_no" varchar(50),
	"receive_date" date NOT NULL,
	"remark" varchar(500),
	"creation_time" timestamp with time zone DEFAULT now() NOT NULL,
	"creator_id" uuid,
	"last_modification_time" timestamp with time zone,
	"last_modifier_id" uuid
);
--> statement-breakpoint
CREATE TABLE "stock_take_line" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"stock_take_id" uuid NOT NULL,
	"rebar_id" uuid NOT NULL,
	"length" integer NOT NULL,
	"heat_no" varchar(50) NOT NULL,
	"book" integer NOT NULL,
	"counted" integer NOT NULL,
	"difference" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stock_take" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"code" varchar(32) NOT NULL,
	"location_id" uuid NOT NULL,
	"remark" varchar(500),
	"creation_time" timestamp with time zone DEFAULT now() NOT NULL,
	"creator_id" uuid,
	"last_modification_time" timestamp with time zone,
	"last_modifier_id" uuid
);
--> statement-breakpoint
ALTER TABLE "rebar_receive" ADD COLUMN "weighed_grams" bigint;--> statement-breakpoint
ALTER TABLE "rebar_receive" ADD COLUMN "delivery_id" uuid;--> statement-breakpoint
ALTER TABLE "rebar_delivery" ADD CONSTRAINT "rebar_delivery_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rebar_delivery" ADD CONSTRAINT "rebar_delivery_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_take_line" ADD CONSTRAINT "stock_take_line_stock_take_id_stock_take_id_fk" FOREIGN KEY ("stock_take_id") REFERENCES "public"."stock_take"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_take_line" ADD CONSTRAINT "stock_take_line_rebar_id_rebars_id_fk" FOREIGN KEY ("rebar_id") REFERENCES "public"."rebars"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_take" ADD CONSTRAINT "stock_take_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_take" ADD CONSTRAINT "stock_take_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_take" ADD CONSTRAINT "stock_take_location_id_stock_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."stock_locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "rebar_delivery_code_unique" ON "rebar_delivery" USING btree ("product_id","code");--> statement-breakpoint
CREATE INDEX "rebar_delivery_product_date_idx" ON "rebar_delivery" USING btree ("product_id","receive_date");--> statement-breakpoint
CREATE INDEX "stock_take_line_take_idx" ON "stock_take_line" USING btree ("stock_take_id");--> statement-breakpoint
CREATE UNIQUE INDEX "stock_take_code_unique" ON "stock_take" USING btree ("product_id","code");--> statement-breakpoint
CREATE INDEX "stock_take_product_time_idx" ON "stock_take" USING btree ("product_id","creation_time");--> statement-breakpoint
ALTER TABLE "rebar_receive" ADD CONSTRAINT "rebar_receive_delivery_id_rebar_delivery_id_fk" FOREIGN KEY ("delivery_id") REFERENCES "public"."rebar_delivery"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "rebar_receive_delivery_idx" ON "rebar_receive" USING btree ("delivery_id");