import java.util.ArrayDeque;
import java.util.StringJoiner;

public class Main {
    static int[] daysUntilWarmer(int[] temps) {
        int[] result = new int[temps.length];
        ArrayDeque<Integer> waiting = new ArrayDeque<>();
        for (int i = 0; i < temps.length; i++) {
            while (!waiting.isEmpty() && temps[waiting.peek()] < temps[i]) {
                int j = waiting.pop();
                result[j] = i - j;
            }
            waiting.push(i);
        }
        return result;
    }

    public static void main(String[] args) throws Exception {
        String[] t = new String(System.in.readAllBytes()).trim().split("\\s+");
        int n = Integer.parseInt(t[0]);
        int[] temps = new int[n];
        for (int i = 0; i < n; i++) temps[i] = Integer.parseInt(t[1 + i]);
        StringJoiner out = new StringJoiner(" ");
        for (int v : daysUntilWarmer(temps)) out.add(String.valueOf(v));
        System.out.println(out);
    }
}
