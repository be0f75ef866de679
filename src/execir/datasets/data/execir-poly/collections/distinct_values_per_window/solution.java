import java.util.HashMap;
import java.util.StringJoiner;

public class Main {
    static String distinctPerWindow(int[] items, int k) {
        if (k < 1 || k > items.length) return "none";
        HashMap<Integer, Integer> counts = new HashMap<>();
        StringJoiner out = new StringJoiner(" ");
        for (int i = 0; i < items.length; i++) {
            counts.merge(items[i], 1, Integer::sum);
            if (i >= k) {
                int old = items[i - k];
                if (counts.merge(old, -1, Integer::sum) == 0) counts.remove(old);
            }
            if (i >= k - 1) out.add(String.valueOf(counts.size()));
        }
        return out.toString();
    }

    public static void main(String[] args) throws Exception {
        String[] t = new String(System.in.readAllBytes()).trim().split("\\s+");
        int n = Integer.parseInt(t[0]), k = Integer.parseInt(t[1]);
        int[] items = new int[n];
        for (int i = 0; i < n; i++) items[i] = Integer.parseInt(t[2 + i]);
        System.out.println(distinctPerWindow(items, k));
    }
}
