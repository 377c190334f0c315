ALTER TABLE "product_settings" ADD COLUMN "offcut_age_days" integer DEFAULT 90 NOT NULL;--> statement-breakpoint
ALTER TABLE "rebars" ADD COLUMN "min_tail_length" integer;--> statement-breakpoint
ALTER TABLE "rebars" ADD COLUMN "waste_length" integer;--> statement-breakpoint
ALTER TABLE "cut_plan" ADD COLUMN "thresholds" jsonb;--> statement-breakpoint
ALTER TABLE "stock_take_line" ADD COLUMN "lot_id" uuid;--> statement-breakpoint
ALTER TABLE "rebar_receive" ADD COLUMN "location_id" uuid;--> statement-breakpoint
ALTER TABLE "stock_take_line" ADD CONSTRAINT "stock_take_line_lot_id_offcut_lot_id_fk" FOREIGN KEY ("lot_id") REFERENCES "public"."offcut_lot"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rebar_receive" ADD CONSTRAINT "rebar_receive_location_id_stock_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."stock_locations"("id") ON DELETE no action ON UPDATE no action;