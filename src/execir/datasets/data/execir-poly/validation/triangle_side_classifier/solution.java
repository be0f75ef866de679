import java.io.BufferedReader;
import java.io.InputStreamReader;

public class Main {
    static String triangleKind(long a, long b, long c) {
        if (!(a + b > c && a + c > b && b + c > a)) return "invalid";
        if (a == b && b == c) return "equilateral";
        if (a == b || b == c || a == c) return "isosceles";
        return "scalene";
    }

    public static void main(String[] args) throws Exception {
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in));
        StringBuilder out = new StringBuilder();
        for (String line; (line = in.readLine()) != null;) {
            String[] p = line.trim().split("\\s+");
            if (p.length != 3) continue;
            out.append(triangleKind(Long.parseLong(p[0]), Long.parseLong(p[1]), Long.parseLong(p[2])))
                .append("\n");
        }
        System.out.print(out);
    }
}
