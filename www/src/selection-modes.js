// Which selection modes the engine of a package build knows (no import of its own, so Node tests can ask the
// same question of the package in Node).

/**
 * ["reference"] plus "ranked-v1" when the engine has it. The package has no call that lists its modes, so the
 * engine is asked by behaviour on a throwaway in-memory store: an engine that knows selection modes rejects an
 * unknown `selection` value with InvalidInputError and accepts the modes it has; an engine without them ignores
 * the key (unknown policy keys are allowed, spec §2.6). An exported list, if the package gets one, wins.
 * @param {any} api the package's module ("contextfold")
 */
export async function detectSelectionModesWith(api) {
  const listed = api.SELECTION_MODES ?? api.ContextFold.selectionModes?.();
  if (Array.isArray(listed)) return ["reference", ...listed.map(String).filter((m) => m !== "reference")];
  const accepts = async (mode) => {
    const probe = await api.ContextFold.open(new api.MemoryStorage(), { policy: { selection: mode }, journal: false });
    try {
      await probe.scan("probe");
      return true;
    } catch (err) {
      if (err?.code === "INVALID_INPUT") return false;
      throw err;
    } finally {
      await probe.close();
    }
  };
  if (await accepts("no-such-selection-mode")) return ["reference"];
  const modes = ["reference"];
  for (const m of ["ranked-v1"]) if (await accepts(m)) modes.push(m);
  return modes;
}
