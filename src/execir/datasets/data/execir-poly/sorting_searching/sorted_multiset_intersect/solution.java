import java.util.StringJoiner;

public class Main {
    static String intersect(int[] a, int[] b) {
        StringJoiner out = new StringJoiner(" ");
        int i = 0, j = 0;
        while (i < a.length && j < b.length) {
            if (a[i] == b[j]) {
                out.add(String.valueOf(a[i]));
                i++;
                j++;
            } else if (a[i] < b[j]) {
                i++;
            } else {
                j++;
            }
        }
        return out.toString();
    }

    public static void main(String[] args) throws Exception {
        String[] tok = new String(System.in.readAllBytes()).trim().split("\\s+");
        int pos = 0;
        int[] a = new int[Integer.parseInt(tok[pos++])];
        for (int i = 0; i < a.length; i++) a[i] = Integer.parseInt(tok[pos++]);
        int[] b = new int[Integer.parseInt(tok[pos++])];
        for (int i = 0; i < b.length; i++) b[i] = Integer.parseInt(tok[pos++]);
        System.out.println(intersect(a, b));
    }
}
