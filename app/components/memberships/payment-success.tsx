/**
 * The payment-success dialog: shown when the address carries payment=success
 * and a tier (where checkout sends the buyer back), with confetti. Closing it
 * takes those two parameters off the address.
 */
import { useEffect } from "react";
import { useLocation, useNavigate } from "react-router";
import { Modal } from "~/components/ui/modal";
import { Button } from "~/components/ui/button";
import { useViewer } from "~/components/auth/use-viewer";

/** The spec's celebration: 300 particles over 4 seconds, at 0.8 of full force. */
export const CONFETTI = { particleCount: 300, durationMs: 4000, force: 0.8 } as const;

async function celebrate() {
  if (window.matchMedia("(prefers-reduced-motion: reduce)").matches) return;
  const { default: confetti } = await import("canvas-confetti");
  await confetti({
    particleCount: CONFETTI.particleCount,
    spread: 100,
    startVelocity: 55 * CONFETTI.force,
    // canvas-confetti counts frames: about 60 a second.
    ticks: Math.round((CONFETTI.durationMs / 1000) * 60),
    origin: { y: 0.4 },
    zIndex: 60,
  });
}

export function PaymentSuccess() {
  const location = useLocation();
  const navigate = useNavigate();
  const viewer = useViewer();
  const params = new URLSearchParams(location.search);
  const tier = params.get("tier");
  const open = params.get("payment") === "success" && Boolean(tier);

  useEffect(() => {
    if (open) void celebrate();
  }, [open]);

  const close = () => {
    const next = new URLSearchParams(location.search);
    next.delete("payment");
    next.delete("tier");
    next.delete("session_id");
    void navigate({ pathname: location.pathname, search: next.size ? `?${next}` : "" }, { replace: true, preventScrollReset: true });
  };

  const premium = tier === "premium";
  return (
    <Modal
      open={open}
      onOpenChange={(next) => (next ? undefined : close())}
      title={premium ? "Thank you for becoming a Premium Member" : "Thank you for becoming a Supporter"}
    >
      <div data-testid="payment-success" className="space-y-4 text-neutral-800">
        {viewer.isLoggedIn ? (
          <p>
            {premium
              ? "Everything for Premium members is now open to you: exact places, addresses and directions."
              : "Everything for supporters is now open to you, Premium spots included."}
          </p>
        ) : (
          <p>We sent you an invitation email to set your password and sign in. If it is not in your inbox, please check your spam folder.</p>
        )}
        <Button size="xl" onClick={close} className="w-full">
          Continue
        </Button>
      </div>
    </Modal>
  );
}
