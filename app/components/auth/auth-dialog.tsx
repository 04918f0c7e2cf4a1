import { Suspense, createContext, lazy, useCallback, useContext, useMemo, useRef, useState, type ReactNode } from "react";
import { useLocation } from "react-router";
import { Loader } from "~/components/ui/loader";
import { Modal } from "~/components/ui/modal";
import { t } from "~/lib/i18n";
import type { AuthStep, UserType } from "./auth-steps";

// The forms (and the validation library) load when the dialog first opens,
// keeping them out of every page's first-load JavaScript.
const AuthPanel = lazy(() => import("./auth-panel").then((m) => ({ default: m.AuthPanel })));

/** Start fetching the forms early, e.g. when a pointer hovers a Login button. */
export function preloadAuthPanel(): void {
  void import("./auth-panel");
}

export interface OpenAuthOptions {
  step?: AuthStep;
  userType?: UserType;
  /** Runs after a successful login, e.g. to finish the bookmark that needed a user. */
  onSuccess?: () => void;
}

interface AuthDialogApi {
  openAuth: (options?: OpenAuthOptions) => void;
}

const AuthDialogContext = createContext<AuthDialogApi | null>(null);

/**
 * The auth dialog, available to the whole app: the header buttons, the
 * narrow-screen Profile button and any action that needs a user open it.
 */
export function AuthDialogProvider({ children, productName, socialProviders }: { children: ReactNode; productName: string; socialProviders: string[] }) {
  const [open, setOpen] = useState(false);
  const [step, setStep] = useState<AuthStep>("login");
  const [userType, setUserType] = useState<UserType>("user");
  // Remounting the panel on every opening clears old answers and errors.
  const [generation, setGeneration] = useState(0);
  const pending = useRef<(() => void) | undefined>(undefined);
  const location = useLocation();

  const openAuth = useCallback((options: OpenAuthOptions = {}) => {
    setStep(options.step ?? "login");
    setUserType(options.userType ?? "user");
    pending.current = options.onSuccess;
    setGeneration((g) => g + 1);
    setOpen(true);
  }, []);

  const api = useMemo(() => ({ openAuth }), [openAuth]);

  const onSuccess = useCallback(() => {
    setOpen(false);
    const next = pending.current;
    pending.current = undefined;
    next?.();
  }, []);

  // Closed without a login (a sign-up waiting for its email): what waited for a user does not run.
  const onClose = useCallback(() => {
    pending.current = undefined;
    setOpen(false);
  }, []);

  return (
    <AuthDialogContext.Provider value={api}>
      {children}
      <Modal open={open} onOpenChange={setOpen} title={t("auth.join", { product: productName })}>
        <Suspense fallback={<Loader />}>
          <AuthPanel
            key={generation}
            step={step}
            onStepChange={setStep}
            userType={userType}
            redirectTo={location.pathname + location.search}
            mode="dialog"
            socialProviders={socialProviders}
            productName={productName}
            onSuccess={onSuccess}
            onClose={onClose}
          />
        </Suspense>
      </Modal>
    </AuthDialogContext.Provider>
  );
}

export function useAuthDialog(): AuthDialogApi {
  const api = useContext(AuthDialogContext);
  if (!api) throw new Error("useAuthDialog needs an AuthDialogProvider");
  return api;
}
