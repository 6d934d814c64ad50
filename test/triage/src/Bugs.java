// Java exceptions of distinct kinds, one per mode, for gred triage's
// crash corpus: a bounds check, a null field, a check of the program's own.
import java.util.HashMap;
import java.util.List;
import java.util.Map;

public class Bugs {
    static int dim(List<Integer> dims, int i) { return dims.get(i); }

    static int rank(Map<String, int[]> ops, String name) { return ops.get(name).length; }

    static int checkRank(int r) {
        if (r > 4)
            throw new IllegalArgumentException("unsupported rank " + r);
        return r;
    }

    public static void main(String[] args) {
        int n = 0;
        try { n = Integer.parseInt(args[1]); } catch (NumberFormatException e) { }
        int v;
        switch (args[0]) {
        case "index": v = dim(List.of(1, 2, 3), n); break;
        case "null": { Map<String, int[]> ops = new HashMap<>(); ops.put("x", new int[4]); v = rank(ops, args[1]); break; }
        default: v = checkRank(n);
        }
        System.out.println(v);
    }
}
