import java.util.Arrays;
import java.util.StringJoiner;

public class Main {
    static int[] invert(int[] perm) {
        int n = perm.length;
        int[] inverse = new int[n];
        Arrays.fill(inverse, -1);
        for (int i = 0; i < n; i++) {
            int p = perm[i];
            if (p < 0 || p >= n || inverse[p] != -1) return null;
            inverse[p] = i;
        }
        return inverse;
    }

    public static void main(String[] args) throws Exception {
        String[] t = new String(System.in.readAllBytes()).trim().split("\\s+");
        int n = Integer.parseInt(t[0]);
        int[] perm = new int[n];
        for (int i = 0; i < n; i++) perm[i] = Integer.parseInt(t[1 + i]);
        int[] inverse = invert(perm);
        if (inverse == null) {
            System.out.println("invalid");
            return;
        }
        StringJoiner out = new StringJoiner(" ");
        for (int v : inverse) out.add(String.valueOf(v));
        System.out.println(out);
    }
}
