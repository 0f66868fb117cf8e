// Tries to reach a listener on the host, then gives up.
import java.net.InetSocketAddress;
import java.net.Socket;

public class Main {
    public static void main(String[] args) {
        try (Socket s = new Socket()) {
            s.connect(new InetSocketAddress("127.0.0.1", PORT), 2000);
            System.err.println("connected");
        } catch (Exception e) {
            System.err.println("no network: " + e);
        }
        System.exit(3);
    }
}
