import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.util.ArrayList;
import java.util.List;

public class Main {
    static boolean newer(String a, String b) {
        String[] pa = a.split("\\."), pb = b.split("\\.");
        for (int i = 0; i < Math.min(pa.length, pb.length); i++) {
            long x = Long.parseLong(pa[i]), y = Long.parseLong(pb[i]);
            if (x != y) return x > y;
        }
        return pa.length > pb.length;
    }

    static void sortVersions(List<String> out) {
        for (int i = 1; i < out.size(); i++) {
            String v = out.get(i);
            int j = i - 1;
            while (j >= 0 && newer(out.get(j), v)) {
                out.set(j + 1, out.get(j));
                j--;
            }
            out.set(j + 1, v);
        }
    }

    public static void main(String[] args) throws Exception {
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in));
        List<String> versions = new ArrayList<>();
        for (String line; (line = in.readLine()) != null;) {
            if (!line.trim().isEmpty()) versions.add(line.trim());
        }
        sortVersions(versions);
        for (String v : versions) System.out.println(v);
    }
}
