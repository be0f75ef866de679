import java.io.BufferedReader;
import java.io.InputStreamReader;

public class Main {
    static long[] pascalRow(int n) {
        long[] row = new long[n + 1];
        row[0] = 1;
        for (int k = 0; k < n; k++) {
            row[k + 1] = row[k] * (n - k) / (k + 1);
        }
        return row;
    }

    public static void main(String[] args) throws Exception {
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in));
        StringBuilder out = new StringBuilder();
        String line;
        while ((line = in.readLine()) != null) {
            line = line.trim();
            if (line.isEmpty()) continue;
            int n = Integer.parseInt(line);
            if (n < 0) {
                out.append("invalid\n");
                continue;
            }
            long[] row = pascalRow(n);
            for (int i = 0; i < row.length; i++) out.append(i > 0 ? " " : "").append(row[i]);
            out.append("\n");
        }
        System.out.print(out);
    }
}
