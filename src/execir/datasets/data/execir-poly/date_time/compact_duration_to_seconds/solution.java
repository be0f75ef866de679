import java.io.BufferedReader;
import java.io.InputStreamReader;

public class Main {
    static long parseDuration(String text) {
        String order = "hms";
        long[] factors = {3600, 60, 1};
        long total = 0;
        StringBuilder digits = new StringBuilder();
        int last = -1;
        for (char ch : text.toCharArray()) {
            if (ch >= '0' && ch <= '9') {
                digits.append(ch);
            } else if (order.indexOf(ch) >= 0) {
                int pos = order.indexOf(ch);
                if (digits.length() == 0 || pos <= last) return -1;
                total += Long.parseLong(digits.toString()) * factors[pos];
                digits.setLength(0);
                last = pos;
            } else {
                return -1;
            }
        }
        if (digits.length() > 0 || last < 0) return -1;
        return total;
    }

    public static void main(String[] args) throws Exception {
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in));
        int q = Integer.parseInt(in.readLine().trim());
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < q; i++) {
            String line = in.readLine();
            long seconds = parseDuration(line == null ? "" : line);
            out.append(seconds < 0 ? "invalid" : String.valueOf(seconds)).append("\n");
        }
        System.out.print(out);
    }
}
