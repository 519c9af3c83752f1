import type { DeviceInfo } from '@maktaba/shared/schemas/feedback';

/**
 * What a bug report carries about the reader's device (reader-area §3): platform, screen
 * resolution and viewport. The server names the browser from the User-Agent.
 */
export function collectDeviceInfo(): DeviceInfo {
  const nav = navigator as Navigator & { userAgentData?: { platform?: string } };
  const platform = nav.userAgentData?.platform || navigator.platform || undefined;
  return {
    platform: platform?.slice(0, 200),
    screen: `${window.screen.width}x${window.screen.height}`,
    viewport: `${window.innerWidth}x${window.innerHeight}`,
  };
}
