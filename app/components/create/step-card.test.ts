import type { KeyboardEvent } from "react";
import { describe, expect, it, vi } from "vitest";
import { pressMainAction } from "./step-card";

// Ctrl+Enter presses the main action (the last button), and only it.

function button(disabled = false) {
  return { disabled, click: vi.fn() };
}

function press(buttons: ReturnType<typeof button>[], keys: Partial<{ key: string; ctrlKey: boolean; metaKey: boolean }> = {}) {
  const event = { key: "Enter", ctrlKey: true, metaKey: false, defaultPrevented: false, nativeEvent: { isComposing: false }, preventDefault: vi.fn(), ...keys };
  const actions = { querySelectorAll: () => buttons } as unknown as HTMLElement;
  pressMainAction(event as unknown as KeyboardEvent, actions);
  return event;
}

describe("pressMainAction", () => {
  it("clicks the last button on Ctrl+Enter and Cmd+Enter, not on plain Enter", () => {
    const [save, schedule] = [button(), button()];
    press([save, schedule]);
    press([save, schedule], { ctrlKey: false, metaKey: true });
    expect(schedule.click).toHaveBeenCalledTimes(2);
    press([save, schedule], { ctrlKey: false });
    expect(schedule.click).toHaveBeenCalledTimes(2);
    expect(save.click).not.toHaveBeenCalled();
  });

  it("presses nothing while the main action is busy, never the button before it", () => {
    const [publishNow, schedule] = [button(), button(true)];
    const event = press([publishNow, schedule]);
    expect(publishNow.click).not.toHaveBeenCalled();
    expect(schedule.click).not.toHaveBeenCalled();
    // The key is still taken: a second Ctrl+Enter does not fall through to the text field.
    expect(event.preventDefault).toHaveBeenCalled();
  });
});
