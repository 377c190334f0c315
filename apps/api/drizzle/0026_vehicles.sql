CREATE TABLE "vehicles" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" varchar(32) NOT NULL,
	"name" varchar(128) NOT NULL,
	"plate" varchar(20) NOT NULL,
	"bed_length" integer DEFAULT 13600 NOT NULL,
	"max_payload" integer DEFAULT 25000 NOT NULL,
	"bays" integer DEFAULT 8 NOT NULL,
	"description" varchar(512),
	"client_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"creation_time" timestamp with time zone DEFAULT now() NOT NULL,
	"creator_id" uuid,
	"last_modification_time" timestamp with time zone,
	"last_modifier_id" uuid
);
--> statement-breakpoint
ALTER TABLE "vehicles" ADD CONSTRAINT "vehicles_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicles" ADD CONSTRAINT "vehicles_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "vehicles_product_id_code_key" ON "vehicles" USING btree ("product_id","code");--> statement-breakpoint
CREATE UNIQUE INDEX "vehicles_product_id_plate_key" ON "vehicles" USING btree ("product_id","plate");