// Starts threads and processes without end, never answers. A JVM that
// cannot start a thread throws; it catches that and goes on.
public class Main {
    public static void main(String[] args) {
        for (;;) {
            try {
                Thread t = new Thread(() -> {
                    for (;;) {
                        try { Thread.sleep(1000000); } catch (InterruptedException e) { return; }
                    }
                });
                t.setDaemon(true);
                t.start();
                new ProcessBuilder("/proc/self/exe", "-version").start();
            } catch (Throwable e) {
                // no thread or process to be had: try again
            }
        }
    }
}
