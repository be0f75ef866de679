#include <iostream>
#include <string>
#include <vector>

struct Segment {
    long long start, end;
    std::string label;
};

std::vector<Segment> mergeSegments(const std::vector<Segment>& segments) {
    std::vector<Segment> merged;
    for (const Segment& s : segments) {
        if (!merged.empty() && merged.back().end == s.start && merged.back().label == s.label) {
            merged.back().end = s.end;
        } else {
            merged.push_back(s);
        }
    }
    return merged;
}

int main() {
    int n = 0;
    std::cin >> n;
    std::vector<Segment> segments(n);
    for (auto& s : segments) std::cin >> s.start >> s.end >> s.label;
    std::vector<Segment> merged = mergeSegments(segments);
    if (merged.empty()) std::cout << "none\n";
    for (const auto& s : merged) std::cout << s.start << " " << s.end << " " << s.label << "\n";
    return 0;
}
