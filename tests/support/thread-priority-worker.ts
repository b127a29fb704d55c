import os from 'node:os';

/** A render-pool task that answers its own thread's priority (Linux keeps a nice value per thread). */
export default function threadPriority(): number {
  return os.getPriority();
}
