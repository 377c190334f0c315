import { defaultMandrel, developedLength, shapeCodeOf, type Leg } from '@armature/domain';

/** A bent bar's shape code (BS 8666 style, derived by the domain) from its legs; none for a straight bar. */
export function lineShapeCode(geometry: readonly Leg[]): string | null {
  return geometry.length > 1 ? shapeCodeOf(geometry) : null;
}

/**
 * The developed (cut) length of a bent bar, mm, as the server takes it when a line gives none: on the
 * line's mandrel, else the default one for the diameter. Unknown without a diameter.
 */
export function lineDevelopedLength(
  geometry: readonly Leg[],
  mandrel: number | null,
  diameter: number | null | undefined,
): number | null {
  if (!diameter) return null;
  return developedLength(geometry, diameter, mandrel ?? defaultMandrel(diameter));
}
