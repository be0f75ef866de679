import java.io.BufferedReader;
import java.io.InputStreamReader;

public class Main {
    static String railFence(String message, int rails) {
        if (rails <= 1) return message;
        StringBuilder[] rows = new StringBuilder[rails];
        for (int r = 0; r < rails; r++) rows[r] = new StringBuilder();
        int cycle = 2 * (rails - 1);
        for (int i = 0; i < message.length(); i++) {
            int pos = i % cycle;
            int row = pos < rails ? pos : cycle - pos;
            rows[row].append(message.charAt(i));
        }
        StringBuilder out = new StringBuilder();
        for (StringBuilder r : rows) out.append(r);
        return out.toString();
    }

    public static void main(String[] args) throws Exception {
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in));
        int rails = Integer.parseInt(in.readLine().trim());
        String message = in.readLine();
        System.out.println(railFence(message == null ? "" : message, rails));
    }
}
