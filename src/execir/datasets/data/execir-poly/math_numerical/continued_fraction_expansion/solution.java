import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.util.ArrayList;
import java.util.List;

public class Main {
    static List<Long> continuedFraction(long p, long q) {
        List<Long> terms = new ArrayList<>();
        while (q != 0) {
            long a = Math.floorDiv(p, q);
            terms.add(a);
            long r = p - a * q;
            p = q;
            q = r;
        }
        return terms;
    }

    public static void main(String[] args) throws Exception {
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in));
        StringBuilder out = new StringBuilder();
        String line;
        while ((line = in.readLine()) != null) {
            String[] parts = line.trim().split("\\s+");
            if (parts.length != 2) continue;
            long p = Long.parseLong(parts[0]), q = Long.parseLong(parts[1]);
            if (q <= 0) {
                out.append("invalid\n");
                continue;
            }
            StringBuilder row = new StringBuilder();
            for (long a : continuedFraction(p, q)) row.append(row.length() > 0 ? " " : "").append(a);
            out.append(row).append("\n");
        }
        System.out.print(out);
    }
}
