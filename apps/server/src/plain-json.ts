/**
 * A serializer compiler that skips checking the answer against its schema: for answers built by
 * typed code from typed rows, where the check would cost more than building them (long lists, or
 * the hottest small reads). The schema still documents the answer in OpenAPI.
 */
export const plainJson = () => (data: unknown) => JSON.stringify(data);
