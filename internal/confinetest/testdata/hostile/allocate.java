// Allocates and touches memory outside the Java heap (which -Xmx bounds)
// until the kernel stops it.
import java.lang.reflect.Field;
import java.util.ArrayList;
import java.util.List;

public class Main {
    public static void main(String[] args) throws Exception {
        Field f = sun.misc.Unsafe.class.getDeclaredField("theUnsafe");
        f.setAccessible(true);
        sun.misc.Unsafe unsafe = (sun.misc.Unsafe) f.get(null);
        List<Long> blocks = new ArrayList<>();
        for (;;) {
            long b = unsafe.allocateMemory(1 << 20);
            unsafe.setMemory(b, 1 << 20, (byte) 1);
            blocks.add(b);
        }
    }
}
