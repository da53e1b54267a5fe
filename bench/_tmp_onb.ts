import { benchmarkOnboardingSave } from '/work/main/bench/onboarding-save.ts';
import { report } from '/work/main/bench/lib.ts';
report([await benchmarkOnboardingSave()]);
