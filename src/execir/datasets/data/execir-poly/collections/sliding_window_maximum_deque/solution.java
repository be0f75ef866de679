import java.util.ArrayDeque;
import java.util.StringJoiner;

public class Main {
    static String windowMaximums(long[] values, int k) {
        if (k < 1 || k > values.length) return "none";
        ArrayDeque<Integer> window = new ArrayDeque<>();
        StringJoiner out = new StringJoiner(" ");
        for (int i = 0; i < values.length; i++) {
            while (!window.isEmpty() && window.peekFirst() <= i - k) window.pollFirst();
            while (!window.isEmpty() && values[window.peekLast()] <= values[i]) window.pollLast();
            window.addLast(i);
            if (i >= k - 1) out.add(String.valueOf(values[window.peekFirst()]));
        }
        return out.toString();
    }

    public static void main(String[] args) throws Exception {
        String[] t = new String(System.in.readAllBytes()).trim().split("\\s+");
        int n = Integer.parseInt(t[0]), k = Integer.parseInt(t[1]);
        long[] values = new long[n];
        for (int i = 0; i < n; i++) values[i] = Long.parseLong(t[2 + i]);
        System.out.println(windowMaximums(values, k));
    }
}
