// execir's Java harness: runs <class>.main(args) and records on fd 3 ("<nonce> T" once the class
// is loaded, "R 0" when main returns, "F <name>" for an uncaught throwable, "E <name>" when the
// class cannot be loaded or initialised).
import java.io.FileOutputStream;
import java.io.OutputStream;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

public final class ExecirHarness {
    private static OutputStream records;
    private static String nonce = "";

    private static void record(String line) {
        try {
            records.write((nonce + " " + line + "\n").getBytes(StandardCharsets.UTF_8));
            records.flush();
        } catch (Exception e) {
            // the channel is gone: the outcome says so
        }
    }

    private static String name(Throwable t) {
        String raw = t.getClass().getSimpleName();
        if (raw.isEmpty()) raw = t.getClass().getName();
        StringBuilder out = new StringBuilder();
        for (char c : raw.toCharArray()) {
            if (out.length() >= 80) break;
            out.append(Character.isLetterOrDigit(c) && c < 128 || c == '_' || c == '.' ? c : '_');
        }
        return out.length() == 0 ? "Throwable" : out.toString();
    }

    private static void die(String kind, Throwable t) {
        record(kind + " " + (kind.equals("F") && t.getClass() == AssertionError.class ? "-" : name(t)));
        t.printStackTrace();
        System.out.flush();
        System.err.flush();
        Runtime.getRuntime().halt(1);
    }

    public static void main(String[] args) {
        String given = System.getenv("EXECIR_NONCE");
        nonce = given == null ? "" : given;
        try {
            records = new FileOutputStream("/proc/self/fd/3", true);
        } catch (Exception e) {
            records = OutputStream.nullOutputStream();
        }
        Method main;
        try {
            Class<?> cls = Class.forName(args[0], true, ExecirHarness.class.getClassLoader());
            main = cls.getMethod("main", String[].class);
            main.setAccessible(true);
        } catch (ExceptionInInitializerError e) {
            die("E", e.getCause() == null ? e : e.getCause());
            return;
        } catch (Throwable t) {
            die("E", t);
            return;
        }
        record("T");
        try {
            main.invoke(null, (Object) Arrays.copyOfRange(args, 1, args.length));
        } catch (InvocationTargetException e) {
            die("F", e.getCause() == null ? e : e.getCause());
        } catch (Throwable t) {
            die("F", t);
        }
        System.out.flush();
        record("R 0");
    }
}
