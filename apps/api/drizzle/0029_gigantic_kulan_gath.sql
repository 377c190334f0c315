CREATE TABLE "order_drop" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"seq" integer NOT NULL,
	"site" varchar(200) NOT NULL,
	"drop_date" date NOT NULL,
	"window_start" varchar(5),
	"window_end" varchar(5),
	"marks" varchar(32)[] DEFAULT '{}'::varchar[] NOT NULL,
	"contact" varchar(100),
	"share_token" varchar(43),
	"creation_time" timestamp with time zone DEFAULT now() NOT NULL,
	"creator_id" uuid,
	"last_modification_time" timestamp with time zone,
	"last_modifier_id" uuid,
	CONSTRAINT "order_drop_seq_positive" CHECK ("order_drop"."seq" > 0)
);
--> statement-breakpoint
CREATE TABLE "delivery_proof" (
	"delivery_note_id" uuid PRIMARY KEY NOT NULL,
	"received_by" varchar(100) NOT NULL,
	"received_at" timestamp with time zone NOT NULL,
	"signature" text NOT NULL,
	"photo" text,
	"latitude" double precision,
	"longitude" double precision,
	"remark" varchar(500),
	"creation_time" timestamp with time zone DEFAULT now() NOT NULL,
	"creator_id" uuid,
	"last_modification_time" timestamp with time zone,
	"last_modifier_id" uuid
);
--> statement-breakpoint
CREATE TABLE "delivery_return" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"delivery_note_id" uuid NOT NULL,
	"bundle_id" uuid NOT NULL,
	"reason" varchar(200),
	"creation_time" timestamp with time zone DEFAULT now() NOT NULL,
	"creator_id" uuid,
	"last_modification_time" timestamp with time zone,
	"last_modifier_id" uuid
);
--> statement-breakpoint
CREATE TABLE "load_plan_bundle" (
	"plan_id" uuid NOT NULL,
	"bundle_id" uuid NOT NULL,
	"truck" integer NOT NULL,
	"bay" integer NOT NULL,
	"position" integer NOT NULL,
	"drop" integer NOT NULL,
	"site" varchar(200),
	"loaded_at" timestamp with time zone,
	"loader_id" uuid,
	CONSTRAINT "load_plan_bundle_plan_id_bundle_id_pk" PRIMARY KEY("plan_id","bundle_id")
);
--> statement-breakpoint
CREATE TABLE "load_plan_truck" (
	"plan_id" uuid NOT NULL,
	"truck" integer NOT NULL,
	"delivery_note_id" uuid,
	CONSTRAINT "load_plan_truck_plan_id_truck_pk" PRIMARY KEY("plan_id","truck"),
	CONSTRAINT "load_plan_truck_positive" CHECK ("load_plan_truck"."truck" > 0)
);
--> statement-breakpoint
CREATE TABLE "load_plan" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"code" varchar(32) NOT NULL,
	"plan_date" date NOT NULL,
	"vehicle_id" uuid NOT NULL,
	"lower_bound" integer NOT NULL,
	"creation_time" timestamp with time zone DEFAULT now() NOT NULL,
	"creator_id" uuid,
	"last_modification_time" timestamp with time zone,
	"last_modifier_id" uuid
);
--> statement-breakpoint
ALTER TABLE "order_drop" ADD CONSTRAINT "order_drop_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_drop" ADD CONSTRAINT "order_drop_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_drop" ADD CONSTRAINT "order_drop_order_id_demand_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."demand_order"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_proof" ADD CONSTRAINT "delivery_proof_delivery_note_id_delivery_note_id_fk" FOREIGN KEY ("delivery_note_id") REFERENCES "public"."delivery_note"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_return" ADD CONSTRAINT "delivery_return_delivery_note_id_delivery_note_id_fk" FOREIGN KEY ("delivery_note_id") REFERENCES "public"."delivery_note"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_return" ADD CONSTRAINT "delivery_return_bundle_id_bundle_id_fk" FOREIGN KEY ("bundle_id") REFERENCES "public"."bundle"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "load_plan_bundle" ADD CONSTRAINT "load_plan_bundle_plan_id_load_plan_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."load_plan"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "load_plan_bundle" ADD CONSTRAINT "load_plan_bundle_bundle_id_bundle_id_fk" FOREIGN KEY ("bundle_id") REFERENCES "public"."bundle"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "load_plan_truck" ADD CONSTRAINT "load_plan_truck_plan_id_load_plan_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."load_plan"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "load_plan_truck" ADD CONSTRAINT "load_plan_truck_delivery_note_id_delivery_note_id_fk" FOREIGN KEY ("delivery_note_id") REFERENCES "public"."delivery_note"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "load_plan" ADD CONSTRAINT "load_plan_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "load_plan" ADD CONSTRAINT "load_plan_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "load_plan" ADD CONSTRAINT "load_plan_vehicle_id_vehicles_id_fk" FOREIGN KEY ("vehicle_id") REFERENCES "public"."vehicles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "order_drop_order_seq_unique" ON "order_drop" USING btree ("order_id","seq");--> statement-breakpoint
CREATE UNIQUE INDEX "order_drop_share_token_unique" ON "order_drop" USING btree ("share_token");--> statement-breakpoint
CREATE INDEX "order_drop_product_date_idx" ON "order_drop" USING btree ("product_id","drop_date");--> statement-breakpoint
CREATE UNIQUE INDEX "delivery_return_note_bundle_unique" ON "delivery_return" USING btree ("delivery_note_id","bundle_id");--> statement-breakpoint
CREATE INDEX "delivery_return_bundle_idx" ON "delivery_return" USING btree ("bundle_id");--> statement-breakpoint
CREATE INDEX "load_plan_bundle_bundle_idx" ON "load_plan_bundle" USING btree ("bundle_id");--> statement-breakpoint
CREATE INDEX "load_plan_bundle_truck_idx" ON "load_plan_bundle" USING btree ("plan_id","truck");--> statement-breakpoint
CREATE UNIQUE INDEX "load_plan_code_unique" ON "load_plan" USING btree ("product_id","code");--> statement-breakpoint
CREATE INDEX "load_plan_product_date_idx" ON "load_plan" USING btree ("product_id","plan_date");